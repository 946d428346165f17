import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog.js';
import { ErrorMessage } from './ErrorMessage.js';

/**
 * Asks before a destructive action. The action runs on confirm; if the server refuses, its
 * sentence is shown in the dialog (which stays open), otherwise the dialog closes.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  danger = true,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  danger?: boolean;
}) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <div className="dialog-text">{children}</div>
      <ErrorMessage error={error} />
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          {error ? t('ui.close') : t('ui.confirm.keep')}
        </button>
        <button
          type="button"
          className={danger ? 'danger' : undefined}
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? t('ui.confirm.working') : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * A row's destructive action: a small red-lettered button whose words end in "…" (it opens a
 * ConfirmDialog) and whose accessible name names the row, e.g. "Revoke ERP integration".
 */
export function RowDangerButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="small secondary danger-text"
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
