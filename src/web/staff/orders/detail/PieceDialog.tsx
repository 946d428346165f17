import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.js';
import { PieceStatusBadge } from '../../../shared/orders/OrderStatusBadge.js';
import { Dialog } from '../../../shared/ui/Dialog.js';
import { ErrorMessage } from '../../../shared/ui/ErrorMessage.js';
import { fieldError } from '../../../shared/ui/field-error.js';
import { TextField } from '../../../shared/ui/TextField.js';
import { IfAllowed } from '../../access/access.js';
import { useSettings } from '../../common/use-settings.js';
import { openPendingTab, showPdf } from '../../common/label-files.js';
import { useOrderWords } from '../order-words.js';
import { usePieceLabel, useVoidLabel, type Piece, type VoidedLabel } from './use-order.js';

/**
 * One piece: where it is, its label's history, and the two things a supervisor does with a
 * label: print it again, or void it (a damaged or lost label) and print the replacement.
 */
export function PieceDialog({
  piece,
  name,
  voided,
  onClose,
}: {
  piece: Piece;
  /** "Unit 2 · Frame". */
  name: string;
  voided: VoidedLabel[];
  onClose: () => void;
}) {
  const { t, pieceStatus } = useOrderWords();
  const settings = useSettings();
  const voidLabel = useVoidLabel();
  const label = usePieceLabel();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const done = voidLabel.data;

  async function submitVoid(event: FormEvent) {
    event.preventDefault();
    await voidLabel
      .mutateAsync({ barcode: piece.barcode, reason: reason.trim() || undefined })
      .catch(() => {});
  }

  async function printLabel(barcode: string) {
    const tab = openPendingTab();
    try {
      const pdf = await label.mutateAsync({
        barcode,
        format: 'pdf',
        dpi: settings.data?.default_dpi ?? 203,
      });
      showPdf(tab, pdf);
    } catch {
      tab?.close();
    }
  }

  return (
    <Dialog title={t('orders.piece.title', { barcode: piece.barcode })} onClose={onClose}>
      <dl className="facts">
        <dt>{t('orders.piece.piece')}</dt>
        <dd>{name}</dd>
        <dt>{t('orders.piece.status')}</dt>
        <dd>
          <PieceStatusBadge status={piece.status} words={pieceStatus} />
        </dd>
        <dt>{t('orders.piece.bay')}</dt>
        <dd>{piece.location ?? '—'}</dd>
        <dt>{t('orders.piece.produced')}</dt>
        <dd>{formatDateTime(piece.produced_at)}</dd>
        <dt>{t('orders.piece.printed')}</dt>
        <dd>
          {piece.label_printed_at
            ? formatDateTime(piece.label_printed_at)
            : t('orders.piece.not_yet')}
        </dd>
        {voided.length > 0 && (
          <>
            <dt>{t('orders.piece.voided')}</dt>
            <dd>
              {voided.map((v) => (
                <div key={v.barcode}>
                  <Trans
                    t={t}
                    i18nKey="orders.piece.voided_on"
                    values={{ barcode: v.barcode, time: formatDateTime(v.voided_at) }}
                    components={{ s: <s /> }}
                  />
                  {v.reason && ` (${v.reason})`}
                </div>
              ))}
            </dd>
          </>
        )}
      </dl>

      {done ? (
        <div className="success-message" role="status">
          <Trans
            t={t}
            i18nKey="orders.piece.void_done"
            values={{ old: done.barcode, replacement: done.replacement_barcode }}
            components={{ s: <s />, strong: <strong className="barcode" /> }}
          />
          <div className="inline-actions">
            <button type="button" onClick={() => void printLabel(done.replacement_barcode)}>
              {t('orders.piece.print_new')}
            </button>
          </div>
        </div>
      ) : confirming ? (
        <form className="void-form" onSubmit={(e) => void submitVoid(e)}>
          <p>
            <Trans
              t={t}
              i18nKey="orders.piece.void_warning"
              values={{ barcode: piece.barcode }}
              components={{ strong: <strong className="barcode" /> }}
            />
          </p>
          <TextField
            label={t('orders.piece.reason')}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            error={fieldError(voidLabel.error, 'reason')}
          />
          <ErrorMessage error={fieldError(voidLabel.error, 'reason') ? null : voidLabel.error} />
          <div className="dialog-actions">
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              {t('orders.piece.keep')}
            </button>
            <button type="submit" className="danger" disabled={voidLabel.isPending}>
              {voidLabel.isPending ? t('orders.piece.voiding') : t('orders.piece.void')}
            </button>
          </div>
        </form>
      ) : (
        <div className="dialog-actions">
          <ErrorMessage error={label.error} />
          <button
            type="button"
            className="secondary"
            onClick={() => void printLabel(piece.barcode)}
          >
            {t('orders.piece.print_pdf')}
          </button>
          <IfAllowed op="POST /v1/items/:barcode/void">
            <button type="button" className="danger" onClick={() => setConfirming(true)}>
              {t('orders.piece.void_start')}
            </button>
          </IfAllowed>
        </div>
      )}
    </Dialog>
  );
}
