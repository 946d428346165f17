import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../shared/format.js';
import { PieceStatusBadge } from '../../../shared/orders/OrderStatusBadge.js';
import { Dialog } from '../../../shared/ui/Dialog.js';
import { ErrorMessage } from '../../../shared/ui/ErrorMessage.js';
import { fieldError } from '../../../shared/ui/field-error.js';
import { TextField } from '../../../shared/ui/TextField.js';
import { IfAllowed } from '../../access/access.js';
import { useSettings } from '../../common/use-settings.js';
import { openPendingTab, showPdf } from '../../common/label-files.js';
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
    <Dialog title={`Piece ${piece.barcode}`} onClose={onClose}>
      <dl className="facts">
        <dt>Piece</dt>
        <dd>{name}</dd>
        <dt>Status</dt>
        <dd>
          <PieceStatusBadge status={piece.status} />
        </dd>
        <dt>Bay</dt>
        <dd>{piece.location ?? '—'}</dd>
        <dt>Produced</dt>
        <dd>{formatDateTime(piece.produced_at)}</dd>
        <dt>Label printed</dt>
        <dd>{piece.label_printed_at ? formatDateTime(piece.label_printed_at) : 'Not yet'}</dd>
        {voided.length > 0 && (
          <>
            <dt>Voided labels</dt>
            <dd>
              {voided.map((v) => (
                <div key={v.barcode}>
                  <s>{v.barcode}</s> on {formatDateTime(v.voided_at)}
                  {v.reason && ` (${v.reason})`}
                </div>
              ))}
            </dd>
          </>
        )}
      </dl>

      {done ? (
        <div className="success-message" role="status">
          Label <s>{done.barcode}</s> is void: every station refuses it from now on. The piece's new
          barcode is <strong className="barcode">{done.replacement_barcode}</strong>.
          <div className="inline-actions">
            <button type="button" onClick={() => void printLabel(done.replacement_barcode)}>
              Print the new label
            </button>
          </div>
        </div>
      ) : confirming ? (
        <form className="void-form" onSubmit={(e) => void submitVoid(e)}>
          <p>
            Voiding <strong className="barcode">{piece.barcode}</strong> cannot be undone: stations
            will refuse it, and the piece gets a new barcode to print.
          </p>
          <TextField
            label="Reason (optional)"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            error={fieldError(voidLabel.error, 'reason')}
          />
          <ErrorMessage error={fieldError(voidLabel.error, 'reason') ? null : voidLabel.error} />
          <div className="dialog-actions">
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Keep the label
            </button>
            <button type="submit" className="danger" disabled={voidLabel.isPending}>
              {voidLabel.isPending ? 'Voiding…' : 'Void this label'}
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
            Print label (PDF)
          </button>
          <IfAllowed op="POST /v1/items/:barcode/void">
            <button type="button" className="danger" onClick={() => setConfirming(true)}>
              Void label…
            </button>
          </IfAllowed>
        </div>
      )}
    </Dialog>
  );
}
