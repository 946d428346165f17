import { useState } from 'react';

/**
 * What factoryd keeps of the secret, which decides what the warning may promise: an API key or a
 * set-password link is kept only as a hash (it cannot be shown again by anyone); a webhook
 * signing secret is kept as it is, since factoryd signs with it, but no answer shows it again.
 */
export type SecretKept = 'hash' | 'to-sign';

const KEPT_WORDS: Record<SecretKept, string> = {
  hash: 'factoryd keeps only a hash of it.',
  'to-sign': 'factoryd keeps it to sign with, but never shows it again.',
};

/**
 * A secret the server shows this once (an API key, a webhook signing secret, a set-password
 * link): the value, a copy button, and the warning that it cannot be shown again, with what to
 * do when it is lost (`lost`).
 */
export function SecretOnce({
  label,
  value,
  what,
  kept,
  lost,
}: {
  label: string;
  value: string;
  what: string;
  kept: SecretKept;
  lost: string;
}) {
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
        <strong>Copy the {what} now.</strong> This is the only time it is shown: {KEPT_WORDS[kept]}{' '}
        {lost}
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
          Copy
        </button>
      </div>
      <p role="status" className="field-hint">
        {copied === 'yes' && 'Copied to the clipboard.'}
        {copied === 'failed' &&
          'This browser would not copy: select the text and copy it yourself.'}
      </p>
    </div>
  );
}
