import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('common');
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
      setError(new Error(t('ui.password.not_same')));
      return;
    }
    await run(async () => {
      await onSetPassword(password);
      setPasswordSet(true);
    });
  }

  const title = t('ui.password.title', { name: user.name });
  if (link) {
    return (
      <Dialog title={title} onClose={onClose} wide>
        <p>
          {t('ui.password.send_link', {
            name: user.name,
            email: user.email,
            time: formatDateTime(link.expires_at),
          })}
        </p>
        <SecretOnce
          label={t('ui.password.link_label')}
          value={link.url}
          copyNow={t('ui.password.link_copy_now')}
          kept="hash"
          lost={t('ui.password.link_lost')}
        />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('ui.copied_it')}
          </button>
        </div>
      </Dialog>
    );
  }
  if (passwordSet) {
    return (
      <Dialog title={title} onClose={onClose}>
        <p className="success-message" role="status">
          {t('ui.password.set', { name: user.name })}
        </p>
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('ui.done')}
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <fieldset className="choice">
          <legend>{t('ui.password.how', { name: user.name })}</legend>
          <label>
            <input
              type="radio"
              name="way"
              checked={way === 'link'}
              onChange={() => setWay('link')}
            />{' '}
            {t('ui.password.way_link')}
          </label>
          <label>
            <input
              type="radio"
              name="way"
              checked={way === 'password'}
              onChange={() => setWay('password')}
            />{' '}
            {t('ui.password.way_password')}
          </label>
        </fieldset>
        {way === 'password' && (
          <>
            <TextField
              label={t('ui.password.new')}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              hint={t('ui.password.new_hint')}
              error={fieldError(error, 'password')}
            />
            <TextField
              label={t('ui.password.again')}
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
            />
          </>
        )}
        <p className="field-hint">{t('ui.password.either_way', { name: user.name })}</p>
        {!shownAtField(error, ['password']) && <ErrorMessage error={error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('ui.cancel')}
          </button>
          <button type="submit" disabled={busy}>
            {way === 'link' ? t('ui.password.make_link') : t('ui.password.set_password')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
