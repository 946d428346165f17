import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error.js';
import { formatDateTime } from '../../shared/format.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError } from '../../shared/ui/field-error.js';
import { TextField } from '../../shared/ui/TextField.js';
import { useCan } from '../access/access.js';
import { openPendingTab, showPdf } from '../common/label-files.js';
import { useSettings } from '../common/use-settings.js';
import { PageHeader } from '../layout/PageHeader.js';
import { STATUS_WORDS, progressWords } from './DispatchPage.js';
import {
  useAddHandlingUnit,
  useCancelConsignment,
  useCloseConsignment,
  useConsignment,
  useConsignmentDocument,
  type Consignment,
} from './use-dispatch.js';

/** One consignment: its progress, what blocks a close, its orders piece by piece, its papers. */
export function ConsignmentPage() {
  const { id = '' } = useParams();
  const consignment = useConsignment(id);
  const c = consignment.data;
  if (consignment.error) return <ErrorMessage error={consignment.error} />;
  if (!c) return <p className="loading">Loading…</p>;
  return (
    <section>
      <PageHeader
        title={`Consignment ${c.number}`}
        sub={
          <>
            <Link to="/dispatch">Dispatch</Link> · {c.retailer_name} · {STATUS_WORDS[c.status]}
          </>
        }
      />
      <dl className="facts">
        <dt>Loaded</dt>
        <dd data-progress={c.pieces_loaded}>{progressWords(c)}</dd>
        <dt>Orders</dt>
        <dd>{c.orders_count}</dd>
        <dt>Reference</dt>
        <dd>{c.reference ?? '—'}</dd>
        <dt>Carrier</dt>
        <dd>{[c.carrier, c.vehicle].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>Pallets</dt>
        <dd>
          {c.handling_units.length === 0
            ? 'none'
            : c.handling_units.map((u) => `${u.sscc} (${u.pieces_loaded})`).join(', ')}
        </dd>
        {c.closed_at && (
          <>
            <dt>Closed</dt>
            <dd>
              {formatDateTime(c.closed_at)}
              {c.close_reason && ` — forced: ${c.close_reason}`}
            </dd>
          </>
        )}
      </dl>
      <Actions consignment={c} />
      {c.incomplete_units.length > 0 && (
        <div className="card" aria-label="Incomplete units" role="region">
          <h2>Incomplete units</h2>
          <ul>
            {c.incomplete_units.map((u) => (
              <li key={`${u.order_id} ${u.unit_no}`}>
                Order {u.order_no} unit {u.unit_no}: {u.pieces_loaded} of{' '}
                {u.pieces_loaded + u.pieces_to_load} pieces loaded
              </li>
            ))}
          </ul>
        </div>
      )}
      <OrdersTable consignment={c} />
    </section>
  );
}

function Actions({ consignment: c }: { consignment: Consignment }) {
  const can = useCan();
  const settings = useSettings();
  const document = useConsignmentDocument(c.id);
  const addUnit = useAddHandlingUnit(c.id);
  const [closing, setClosing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const open = c.status === 'open';

  async function show(input: Parameters<typeof document.mutateAsync>[0]) {
    const tab = openPendingTab();
    try {
      showPdf(tab, await document.mutateAsync(input));
    } catch {
      tab?.close();
    }
  }

  return (
    <>
      <div className="row-actions page-actions">
        {open && can('POST /v1/consignments/:id/close') && (
          <button type="button" onClick={() => setClosing(true)}>
            Close…
          </button>
        )}
        {open && can('POST /v1/consignments/:id/handling-units') && (
          <button
            type="button"
            className="secondary"
            disabled={addUnit.isPending}
            onClick={() => addUnit.mutate()}
          >
            Add pallet
          </button>
        )}
        <button
          type="button"
          className="secondary"
          onClick={() => void show({ document: 'delivery_note' })}
        >
          Delivery note
        </button>
        {c.handling_units.length > 0 && (
          <button
            type="button"
            className="secondary"
            onClick={() =>
              void show({ document: 'labels', dpi: settings.data?.default_dpi ?? 203 })
            }
          >
            Pallet labels
          </button>
        )}
        {open && c.pieces_loaded === 0 && can('POST /v1/consignments/:id/cancel') && (
          <button type="button" className="danger" onClick={() => setCancelling(true)}>
            Cancel…
          </button>
        )}
      </div>
      <ErrorMessage error={document.error ?? addUnit.error} />
      {closing && <CloseDialog consignment={c} onClose={() => setClosing(false)} />}
      {cancelling && <CancelDialog consignment={c} onClose={() => setCancelling(false)} />}
    </>
  );
}

/**
 * Closing checks the units: refused while a unit is partly loaded, the server naming each; the
 * dialog then offers to close anyway, with a reason that is kept.
 */
function CloseDialog({
  consignment: c,
  onClose,
}: {
  consignment: Consignment;
  onClose: () => void;
}) {
  const close = useCloseConsignment(c.id);
  const incomplete =
    close.error instanceof ApiError && close.error.code === 'unit_incomplete'
      ? (close.error.details ?? [])
      : [];
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    const body = incomplete.length > 0 ? { force: true, reason } : {};
    await close
      .mutateAsync(body)
      .then(onClose)
      .catch(() => {});
  }
  return (
    <Dialog title={`Close ${c.number}?`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <p>
          {progressWords(c)} loaded for {c.retailer_name}. Closing ends loading and makes the
          delivery note.
        </p>
        {incomplete.length > 0 ? (
          <>
            <div className="error-message" role="alert">
              <strong>Not closed: a unit is incomplete.</strong>
              <ul>
                {incomplete.map((e) => (
                  <li key={e.message}>{e.message}</li>
                ))}
              </ul>
            </div>
            <TextField
              label="Reason to close anyway"
              name="reason"
              required
              maxLength={500}
              error={fieldError(close.error, 'reason')}
            />
          </>
        ) : (
          <ErrorMessage error={close.error} />
        )}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Keep loading
          </button>
          <button type="submit" disabled={close.isPending}>
            {incomplete.length > 0 ? 'Close anyway' : 'Close consignment'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function CancelDialog({
  consignment: c,
  onClose,
}: {
  consignment: Consignment;
  onClose: () => void;
}) {
  const cancel = useCancelConsignment(c.id);
  return (
    <ConfirmDialog
      title={`Cancel ${c.number}?`}
      confirmLabel="Cancel consignment"
      onConfirm={() => cancel.mutateAsync()}
      onClose={onClose}
    >
      <p>Nothing is loaded on it. Stations loading into it stop.</p>
    </ConfirmDialog>
  );
}

function OrdersTable({ consignment: c }: { consignment: Consignment }) {
  if (c.orders.length === 0) {
    return <p>Nothing loaded yet: scan {c.number} at a dispatch station, then its pieces.</p>;
  }
  return (
    <table className="data-table" aria-label="Orders on this consignment">
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Unit</th>
          <th scope="col">Piece</th>
          <th scope="col">Barcode</th>
          <th scope="col">Loaded</th>
        </tr>
      </thead>
      <tbody>
        {c.orders.flatMap((o) =>
          o.units.flatMap((u) =>
            u.pieces.map((p) => (
              <tr key={p.id} className={u.complete ? undefined : 'incomplete'}>
                <td>
                  <Link to={`/orders/${o.id}`}>{o.order_no}</Link>
                </td>
                <td>
                  {u.unit_no} · {u.sku}
                  {u.colour ? ` ${u.colour}` : ''}
                  {!u.complete && ' (incomplete)'}
                </td>
                <td>
                  {p.piece_no}
                  {p.piece_name ? ` · ${p.piece_name}` : ''}
                </td>
                <td className="barcode">{p.barcode}</td>
                <td>{p.loaded ? `Yes, ${formatDateTime(p.loaded_at)}` : 'Not yet'}</td>
              </tr>
            )),
          ),
        )}
      </tbody>
    </table>
  );
}
