import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A modal dialog on the browser's own `<dialog>`: focus stays inside while it is open, Esc closes
 * it, and focus returns to what opened it. Render it only while it is open; `onClose` is called
 * for Esc, the Close button, and a click on the backdrop.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Esc: the dialog closes when its owner stops rendering it, not by itself.
        event.preventDefault();
        close.current();
      }}
      onClick={(event) => {
        if (event.target === ref.current) close.current();
      }}
    >
      <div className="dialog-body">
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('ui.close')}
            onClick={() => close.current()}
          >
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
