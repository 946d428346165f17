import { useState } from 'react';

/**
 * A secret the server shows this once (an API key, a webhook signing secret): the value, a copy
 * button, and the warning that it cannot be shown again.
 */
export function SecretOnce({ label, value, what }: { label: string; value: string; what: string }) {
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
        <strong>Copy the {what} now.</strong> This is the only time it is shown: factoryd keeps only
        a hash of it. If it is lost, make a new one.
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
