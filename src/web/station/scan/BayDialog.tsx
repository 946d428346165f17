import { useEffect, useRef, type FormEvent } from 'react';
import { TextField } from '../../shared/ui/TextField.js';
import { useStationT } from '../station-i18n.js';
import { HOLDS_FOCUS } from './ScanInput.js';

/**
 * Asks a stock station for its bay. The scanner can read the bay's own label into the field (its
 * Enter submits). "Station default bay" sends no bay: the server uses the one a supervisor set —
 * offered only once the station's answers have shown it has one (`defaultBay`).
 */
export function BayDialog({
  open,
  required,
  current,
  defaultBay,
  onChoose,
  onClose,
}: {
  open: boolean;
  /** The station cannot scan without a bay: Escape does not close the dialog. */
  required: boolean;
  current: string | null | undefined;
  /** The station's default bay as known; null or undefined: none, or not known. */
  defaultBay: string | null | undefined;
  onChoose: (bay: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useStationT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const bay = String(new FormData(event.currentTarget).get('bay') ?? '').trim();
    if (bay) onChoose(bay);
  };

  const attrs = { [HOLDS_FOCUS]: '' };
  return (
    <dialog
      ref={dialog}
      className="bay-dialog"
      aria-labelledby="bay-title"
      onClose={onClose}
      onCancel={(event) => {
        if (required) event.preventDefault();
      }}
      {...attrs}
    >
      {open && (
        <form onSubmit={submit}>
          <h2 id="bay-title">{t('bay.title')}</h2>
          <p>{t('bay.intro')}</p>
          {defaultBay === null && <p className="bay-no-default">{t('bay.no_default')}</p>}
          <TextField
            label={t('bay.label')}
            name="bay"
            defaultValue={current ?? ''}
            maxLength={40}
            autoComplete="off"
            autoFocus
          />
          <div className="dialog-buttons">
            <button type="submit">{t('bay.use')}</button>
            {defaultBay && (
              <button type="button" className="secondary" onClick={() => onChoose(null)}>
                {t('bay.use_default', { bay: defaultBay })}
              </button>
            )}
          </div>
        </form>
      )}
    </dialog>
  );
}
