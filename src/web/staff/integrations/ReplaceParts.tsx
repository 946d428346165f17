import type { FormEvent, ReactNode } from 'react';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { SecretOnce, type SecretKept } from '../../shared/ui/SecretOnce.js';
import { SelectField } from '../../shared/ui/TextField.js';
import { useStaffT } from '../staff-i18n.js';

/** How long an old API key or signing secret keeps working once replaced, as offered (seconds). */
const OVERLAPS = [0, 3600, 86_400, 7 * 86_400];

/**
 * Replacing an API key (roll) or a webhook's signing secret (rotate): what happens (`children`),
 * how long the old one keeps working, the server's refusal, Cancel and the button. `onSubmit` is
 * given the overlap in seconds.
 */
export function ReplaceForm({
  children,
  label,
  hint,
  error,
  busy,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  children: ReactNode;
  label: string;
  hint: string;
  error: unknown;
  busy: boolean;
  submitLabel: string;
  onSubmit: (overlapSeconds: number) => void;
  onCancel: () => void;
}) {
  const { t } = useStaffT();
  const words = (seconds: number) =>
    seconds === 0
      ? t('integrations.overlap.now')
      : seconds <= 86_400
        ? t('integrations.overlap.hours', { count: seconds / 3600 })
        : t('integrations.overlap.days', { count: seconds / 86_400 });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(Number(new FormData(event.currentTarget).get('overlap')));
  }
  return (
    <form onSubmit={submit}>
      {children}
      <SelectField label={label} name="overlap" defaultValue="86400" hint={hint}>
        {OVERLAPS.map((seconds) => (
          <option key={seconds} value={seconds}>
            {words(seconds)}
          </option>
        ))}
      </SelectField>
      <ErrorMessage error={error} />
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          {t('integrations.cancel')}
        </button>
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/**
 * A new API key or signing secret, shown this once (SecretOnce), what follows from it
 * (`children`), and the button that closes the dialog once it is copied.
 */
export function SecretShown({
  label,
  value,
  copyNow,
  kept,
  lost,
  children,
  onClose,
}: {
  label: string;
  value: string;
  copyNow: string;
  kept: SecretKept;
  lost: string;
  children?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useStaffT();
  return (
    <>
      <SecretOnce label={label} value={value} copyNow={copyNow} kept={kept} lost={lost} />
      {children}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          {t('integrations.copied_it')}
        </button>
      </div>
    </>
  );
}
