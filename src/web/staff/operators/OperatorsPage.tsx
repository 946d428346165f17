import { useState, type FormEvent } from 'react';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { useCan } from '../access/access.js';
import { openPendingTab, showPdf } from '../common/label-files.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useStaffT } from '../staff-i18n.js';
import {
  useBadge,
  useCreateOperator,
  useOperators,
  useUpdateOperator,
  type Operator,
  type OperatorLanguage,
} from './use-operators.js';

/** Each language by its own name, as the language menu shows them (the same in every language). */
const LANGUAGE_WORDS: Record<OperatorLanguage, string> = {
  en: 'English',
  pl: 'Polski',
  ro: 'Română',
};

/** The people at the stations: each signs in by scanning their badge. */
export function OperatorsPage() {
  const pages = useKeysetPages();
  const operators = useOperators(pages.cursor);
  const update = useUpdateOperator();
  const badge = useBadge();
  const can = useCan();
  const { t } = useStaffT();
  const [editing, setEditing] = useState<Operator | 'new' | null>(null);

  async function print(id: string | null) {
    const tab = openPendingTab();
    const pdf = await badge.mutateAsync(id).catch(() => null);
    if (pdf) showPdf(tab, pdf);
    else tab?.close();
  }

  return (
    <section>
      <PageHeader title={t('operators.title')} sub={t('operators.sub')}>
        <button type="button" className="secondary" onClick={() => void print(null)}>
          {t('operators.print_sign_out')}
        </button>
        {can('POST /v1/operators') && (
          <button type="button" onClick={() => setEditing('new')}>
            {t('operators.add')}
          </button>
        )}
      </PageHeader>
      <ErrorMessage error={operators.error ?? update.error ?? badge.error} />
      <PagedTable
        list={operators.data}
        pages={pages}
        label={t('operators.pages')}
        empty={
          <EmptyState title={t('operators.none_yet')}>{t('operators.none_yet_next')}</EmptyState>
        }
        head={
          <>
            <th scope="col">{t('operators.name')}</th>
            <th scope="col">{t('operators.badge')}</th>
            <th scope="col">{t('operators.language')}</th>
            <th scope="col">{t('operators.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('operators.actions')}</span>
            </th>
          </>
        }
        row={(o) => (
          <tr key={o.id} className={o.active ? undefined : 'revoked'}>
            <th scope="row">{o.name}</th>
            <td className="barcode">{o.badge}</td>
            <td>{LANGUAGE_WORDS[o.language]}</td>
            <td>{o.active ? t('operators.active') : t('operators.inactive')}</td>
            <td className="row-actions">
              <button
                type="button"
                className="small"
                aria-label={t('operators.print_badge_of', { name: o.name })}
                onClick={() => void print(o.id)}
              >
                {t('operators.print_badge')}
              </button>
              {can('PATCH /v1/operators/:id') && (
                <>
                  <button
                    type="button"
                    className="small secondary"
                    aria-label={t('operators.edit_of', { name: o.name })}
                    onClick={() => setEditing(o)}
                  >
                    {t('operators.edit')}
                  </button>
                  <button
                    type="button"
                    className="small secondary"
                    onClick={() => update.mutate({ id: o.id, active: !o.active })}
                  >
                    {o.active ? t('operators.deactivate') : t('operators.activate')}
                  </button>
                </>
              )}
            </td>
          </tr>
        )}
      />
      {editing && (
        <OperatorDialog
          operator={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

function OperatorDialog({ operator, onClose }: { operator: Operator | null; onClose: () => void }) {
  const create = useCreateOperator();
  const update = useUpdateOperator();
  const { t } = useStaffT();
  const error = create.error ?? update.error;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      name: String(form.get('name')).trim(),
      language: String(form.get('language')) as OperatorLanguage,
    };
    const done = operator
      ? update.mutateAsync({ id: operator.id, ...body })
      : create.mutateAsync(body);
    await done.then(onClose).catch(() => {});
  }
  return (
    <Dialog
      title={operator ? t('operators.edit_title', { name: operator.name }) : t('operators.add')}
      onClose={onClose}
    >
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('operators.name')}
          name="name"
          required
          maxLength={100}
          defaultValue={operator?.name}
          error={fieldError(error, 'name')}
        />
        <SelectField
          label={t('operators.station_language')}
          name="language"
          defaultValue={operator?.language ?? 'en'}
          error={fieldError(error, 'language')}
        >
          {Object.entries(LANGUAGE_WORDS).map(([code, word]) => (
            <option key={code} value={code}>
              {word}
            </option>
          ))}
        </SelectField>
        {!shownAtField(error, ['name', 'language']) && <ErrorMessage error={error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('operators.cancel')}
          </button>
          <button type="submit" disabled={create.isPending || update.isPending}>
            {operator ? t('operators.save') : t('operators.add_submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
