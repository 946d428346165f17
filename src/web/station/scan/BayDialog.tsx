import { useEffect, useRef, type FormEvent } from 'react';
import { TextField } from '../../shared/ui/TextField.js';
import { HOLDS_FOCUS } from './ScanInput.js';

/**
 * Asks a stock station for its bay. The scanner can read the bay's own label into the field (its
 * Enter submits). "Station default" sends no bay: the server uses the one a supervisor set.
 */
export function BayDialog({
  open,
  current,
  onChoose,
  onClose,
}: {
  open: boolean;
  current: string | null | undefined;
  onChoose: (bay: string | null) => void;
  onClose: () => void;
}) {
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
      {...attrs}
    >
      {open && (
        <form onSubmit={submit}>
          <h2 id="bay-title">Which bay?</h2>
          <p>
            Pieces scanned here go into this bay until you change it. Scan the bay’s label or type
            it.
          </p>
          <TextField
            label="Bay"
            name="bay"
            defaultValue={current ?? ''}
            maxLength={40}
            autoComplete="off"
            autoFocus
          />
          <div className="dialog-buttons">
            <button type="submit">Use this bay</button>
            <button type="button" className="secondary" onClick={() => onChoose(null)}>
              Station default bay
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
