import { useState, type FormEvent } from 'react';
import { PRINT_RULE_EVENTS, type PrintRuleEvent } from '../../../contract/enums.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { SelectField } from '../../shared/ui/TextField.js';
import { useStaffT } from '../staff-i18n.js';
import { RULE_KEYS } from './printer-words.js';
import { usePrintRules, useSavePrintRules, type Printer, type PrintRules } from './use-printers.js';

/** A select's value: off, "the station's printer" (label.voided), or a printer's id. */
const OFF = '';
const STATION = 'station';

/** The one choice a select shows for an event's rules ("several" when the API set more). */
function choiceOf(rules: PrintRules, event: PrintRuleEvent): string {
  const mine = rules.filter((r) => r.event === event);
  if (mine.length === 0) return OFF;
  return mine[0]!.printer_id ?? STATION;
}

/**
 * The auto-print rules (setting `print_rules`): for each event, a printer, "the station's
 * printer" (a voided label's replacement only), or off. Saved through PATCH /v1/settings; rules
 * of events left unchanged are kept as they are (several printers for one event stay).
 */
export function PrintRulesSection({ printers }: { printers: Printer[] }) {
  const { t } = useStaffT();
  const rules = usePrintRules();
  const save = useSavePrintRules();
  const [chosen, setChosen] = useState<Partial<Record<PrintRuleEvent, string>>>({});
  const stored = rules.data ?? [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: PrintRules = [];
    for (const name of PRINT_RULE_EVENTS) {
      const choice = chosen[name];
      if (choice === undefined) next.push(...stored.filter((r) => r.event === name));
      else if (choice === STATION) next.push({ event: name, printer_id: null });
      else if (choice !== OFF) next.push({ event: name, printer_id: choice });
    }
    save.mutate(next, { onSuccess: () => setChosen({}) });
  }

  return (
    <section aria-labelledby="print-rules-title" className="print-rules">
      <h2 id="print-rules-title">{t('printers.rules.title')}</h2>
      <p className="field-hint">{t('printers.rules.intro')}</p>
      <ErrorMessage error={rules.error ?? save.error} />
      {rules.data && (
        <form onSubmit={submit}>
          {PRINT_RULE_EVENTS.map((name) => {
            const several = stored.filter((r) => r.event === name).length > 1;
            return (
              <SelectField
                key={name}
                label={t(RULE_KEYS[name].event)}
                hint={several ? t('printers.rules.several') : t(RULE_KEYS[name].hint)}
                value={chosen[name] ?? choiceOf(stored, name)}
                onChange={(e) => {
                  save.reset();
                  setChosen({ ...chosen, [name]: e.target.value });
                }}
              >
                <option value={OFF}>{t('printers.rules.off')}</option>
                {name === 'label.voided' && (
                  <option value={STATION}>{t('printers.rules.station')}</option>
                )}
                {printers.map((p) => (
                  <option key={p.id} value={p.id}>
                    {name === 'label.voided'
                      ? t('printers.rules.station_else', { printer: p.name })
                      : p.name}
                  </option>
                ))}
              </SelectField>
            );
          })}
          <div className="form-actions">
            <button type="submit" disabled={save.isPending}>
              {t('printers.rules.save')}
            </button>
            {save.isSuccess && (
              <span className="success-message" role="status">
                {t('printers.rules.saved')}
              </span>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
