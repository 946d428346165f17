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
import { useStaffT } from '../staff-i18n.js';
import { STATUS_KEYS, progressWords } from './DispatchPage.js';
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
  const { t } = useStaffT();
  const { id = '' } = useParams();
  const consignment = useConsignment(id);
  const c = consignment.data;
  if (consignment.error) return <ErrorMessage error={consignment.error} />;
  if (!c) return <p className="loading">{t('dispatch.page.loading')}</p>;
  return (
    <section>
      <PageHeader
        title={t('dispatch.page.title', { number: c.number })}
        sub={
          <>
            <Link to="/dispatch">{t('dispatch.title')}</Link> · {c.retailer_name} ·{' '}
            {t(STATUS_KEYS[c.status])}
          </>
        }
      />
      <dl className="facts">
        <dt>{t('dispatch.page.loaded')}</dt>
        <dd data-progress={c.pieces_loaded}>{progressWords(t, c)}</dd>
        <dt>{t('dispatch.page.orders')}</dt>
        <dd>{c.orders_count}</dd>
        <dt>{t('dispatch.page.reference')}</dt>
        <dd>{c.reference ?? '—'}</dd>
        <dt>{t('dispatch.page.carrier')}</dt>
        <dd>{[c.carrier, c.vehicle].filter(Boolean).join(' · ') || '—'}</dd>
        <dt>{t('dispatch.page.pallets')}</dt>
        <dd>
          {c.handling_units.length === 0
            ? t('dispatch.page.none')
            : c.handling_units.map((u) => `${u.sscc} (${u.pieces_loaded})`).join(', ')}
        </dd>
        {c.closed_at && (
          <>
            <dt>{t('dispatch.page.closed')}</dt>
            <dd>
              {formatDateTime(c.closed_at)}
              {c.close_reason && t('dispatch.page.forced', { reason: c.close_reason })}
            </dd>
          </>
        )}
      </dl>
      <Actions consignment={c} />
      {c.incomplete_units.length > 0 && (
        <div className="card" aria-label={t('dispatch.incomplete.title')} role="region">
          <h2>{t('dispatch.incomplete.title')}</h2>
          <IncompleteUnits units={c.incomplete_units} />
        </div>
      )}
      <OrdersTable consignment={c} />
    </section>
  );
}

/** Each unit loaded in part: "Order PO-7 unit 2: 1 of 3 pieces loaded." */
function IncompleteUnits({ units }: { units: Consignment['incomplete_units'] }) {
  const { t } = useStaffT();
  return (
    <ul>
      {units.map((u) => (
        <li key={`${u.order_id} ${u.unit_no}`}>
          {t('dispatch.incomplete.unit', {
            order: u.order_no,
            unit: u.unit_no,
            loaded: u.pieces_loaded,
            count: u.pieces_loaded + u.pieces_to_load,
          })}
        </li>
      ))}
    </ul>
  );
}

function Actions({ consignment: c }: { consignment: Consignment }) {
  const { t } = useStaffT();
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
            {t('dispatch.actions.close')}
          </button>
        )}
        {open && can('POST /v1/consignments/:id/handling-units') && (
          <button
            type="button"
            className="secondary"
            disabled={addUnit.isPending}
            onClick={() => addUnit.mutate()}
          >
            {t('dispatch.actions.add_pallet')}
          </button>
        )}
        <button
          type="button"
          className="secondary"
          onClick={() => void show({ document: 'delivery_note' })}
        >
          {t('dispatch.actions.delivery_note')}
        </button>
        {c.handling_units.length > 0 && (
          <button
            type="button"
            className="secondary"
            onClick={() =>
              void show({ document: 'labels', dpi: settings.data?.default_dpi ?? 203 })
            }
          >
            {t('dispatch.actions.labels')}
          </button>
        )}
        {open && c.pieces_loaded === 0 && can('POST /v1/consignments/:id/cancel') && (
          <button type="button" className="danger" onClick={() => setCancelling(true)}>
            {t('dispatch.actions.cancel')}
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
  const { t } = useStaffT();
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
    <Dialog title={t('dispatch.close.title', { number: c.number })} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <p>
          {t('dispatch.close.text', { progress: progressWords(t, c), retailer: c.retailer_name })}
        </p>
        {incomplete.length > 0 ? (
          <>
            <div className="error-message" role="alert">
              <strong>{t('dispatch.close.refused')}</strong>
              {/* The page's own count names them in the page's language; the server's
                  sentences stand in until it has caught up. */}
              {c.incomplete_units.length > 0 ? (
                <IncompleteUnits units={c.incomplete_units} />
              ) : (
                <ul>
                  {incomplete.map((e) => (
                    <li key={e.message}>{e.message}</li>
                  ))}
                </ul>
              )}
            </div>
            <TextField
              label={t('dispatch.close.reason')}
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
            {t('dispatch.close.keep')}
          </button>
          <button type="submit" disabled={close.isPending}>
            {incomplete.length > 0 ? t('dispatch.close.anyway') : t('dispatch.close.submit')}
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
  const { t } = useStaffT();
  const cancel = useCancelConsignment(c.id);
  return (
    <ConfirmDialog
      title={t('dispatch.cancel.title', { number: c.number })}
      confirmLabel={t('dispatch.cancel.confirm')}
      onConfirm={() => cancel.mutateAsync()}
      onClose={onClose}
    >
      <p>{t('dispatch.cancel.text')}</p>
    </ConfirmDialog>
  );
}

function OrdersTable({ consignment: c }: { consignment: Consignment }) {
  const { t } = useStaffT();
  if (c.orders.length === 0) {
    return <p>{t('dispatch.table.nothing', { number: c.number })}</p>;
  }
  return (
    <table className="data-table" aria-label={t('dispatch.table.label')}>
      <thead>
        <tr>
          <th scope="col">{t('dispatch.table.order')}</th>
          <th scope="col">{t('dispatch.table.unit')}</th>
          <th scope="col">{t('dispatch.table.piece')}</th>
          <th scope="col">{t('dispatch.table.barcode')}</th>
          <th scope="col">{t('dispatch.table.loaded')}</th>
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
                  {!u.complete && t('dispatch.table.incomplete')}
                </td>
                <td>
                  {p.piece_no}
                  {p.piece_name ? ` · ${p.piece_name}` : ''}
                </td>
                <td className="barcode">{p.barcode}</td>
                <td>
                  {p.loaded
                    ? t('dispatch.table.yes_at', { time: formatDateTime(p.loaded_at) })
                    : t('dispatch.table.not_yet')}
                </td>
              </tr>
            )),
          ),
        )}
      </tbody>
    </table>
  );
}
