import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What factoryd keeps of the secret, which decides what the warning may promise: an API key or a
 * set-password link is kept only as a hash (it cannot be shown again by anyone); a webhook
 * signing secret is kept as it is, since factoryd signs with it, but no answer shows it again.
 */
export type SecretKept = 'hash' | 'to-sign';

const KEPT_KEYS: Record<SecretKept, string> = {
  hash: 'ui.secret.kept_hash',
  'to-sign': 'ui.secret.kept_to_sign',
};

/**
 * A secret the server shows this once (an API key, a webhook signing secret, a set-password
 * link): the value, a copy button, and the warning that it cannot be shown again, with what to
 * do when it is lost (`lost`). `copyNow` is the warning's first sentence, naming the secret in
 * the caller's words ("Copy the API key now.").
 */
export function SecretOnce({
  label,
  value,
  copyNow,
  kept,
  lost,
}: {
  label: string;
  value: string;
  copyNow: string;
  kept: SecretKept;
  lost: string;
}) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <div className="secret-once">
      <p className="secret-warning" role="alert">
        <strong>{copyNow}</strong> {t('ui.secret.only_once')} {t(KEPT_KEYS[kept])} {lost}
      </p>
      <div className="secret-row">
        <label className="visually-hidden" htmlFor="secret-value">
          {label}
        </label>
        <input
          id="secret-value"
          className="secret-value"
          readOnly
          value={value}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" onClick={() => void copy()}>
          {t('ui.secret.copy')}
        </button>
      </div>
      <p role="status" className="field-hint">
        {copied === 'yes' && t('ui.secret.copied')}
        {copied === 'failed' && t('ui.secret.copy_failed')}
      </p>
    </div>
  );
}
