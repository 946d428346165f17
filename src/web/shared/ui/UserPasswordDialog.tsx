import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../format.js';
import { Dialog } from './Dialog.js';
import { ErrorMessage } from './ErrorMessage.js';
import { fieldError, shownAtField } from './field-error.js';
import { SecretOnce } from './SecretOnce.js';
import { TextField } from './TextField.js';

export interface PasswordLinkMade {
  url: string;
  expires_at: string;
}

type Way = 'link' | 'password';

/**
 * A portal user's password, set by someone else (the factory's staff, or the retailer's owner in
 * the portal): make a single-use set-password link to send them (the default), or type a new
 * password. Either way the user's portal sessions end. The caller does the requests.
 */
export function UserPasswordDialog({
  user,
  onMakeLink,
  onSetPassword,
  onClose,
}: {
  user: { name: string; email: string };
  onMakeLink: () => Promise<PasswordLinkMade>;
  onSetPassword: (password: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [way, setWay] = useState<Way>('link');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [link, setLink] = useState<PasswordLinkMade | null>(null);
  const [passwordSet, setPasswordSet] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (way === 'link') {
      await run(async () => setLink(await onMakeLink()));
      return;
    }
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    if (password !== String(form.get('confirm'))) {
      setError(new Error('The two passwords are not the same.'));
      return;
    }
    await run(async () => {
      await onSetPassword(password);
      setPasswordSet(true);
    });
  }

  const title = `Password for ${user.name}`;
  if (link) {
    return (
      <Dialog title={title} onClose={onClose} wide>
        <p>
          Send this link to {user.name} ({user.email}). It opens a page where they choose their
          password; it works once, until {formatDateTime(link.expires_at)}.
        </p>
        <SecretOnce
          label="The set-password link"
          value={link.url}
          what="link"
          kept="hash"
          lost="If it is lost, make a new link: the earlier one stops working."
        />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            I have copied it
          </button>
        </div>
      </Dialog>
    );
  }
  if (passwordSet) {
    return (
      <Dialog title={title} onClose={onClose}>
        <p className="success-message" role="status">
          The new password is set. Any portal session {user.name} had open has ended; tell them the
          new password.
        </p>
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Done
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <fieldset className="choice">
          <legend>How should {user.name} get a password?</legend>
          <label>
            <input
              type="radio"
              name="way"
              checked={way === 'link'}
              onChange={() => setWay('link')}
            />{' '}
            Make a set-password link to send them (they choose the password)
          </label>
          <label>
            <input
              type="radio"
              name="way"
              checked={way === 'password'}
              onChange={() => setWay('password')}
            />{' '}
            Type a new password now
          </label>
        </fieldset>
        {way === 'password' && (
          <>
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint="At least 10 characters."
              error={fieldError(error, 'password')}
            />
            <TextField
              label="New password again"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
            />
          </>
        )}
        <p className="field-hint">
          Either way, any portal session {user.name} has open ends, and an earlier link stops
          working.
        </p>
        {!shownAtField(error, ['password']) && <ErrorMessage error={error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy}>
            {way === 'link' ? 'Make link' : 'Set password'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
