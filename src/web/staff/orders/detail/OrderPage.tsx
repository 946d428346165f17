import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate, formatDateTime, formatNumber, localToday } from '../../../shared/format.js';
import { isOverdue } from '../../../shared/orders/order-status.js';
import { OrderProgress } from '../../../shared/orders/OrderProgress.js';
import { OrderStatusBadge, StuckBadge } from '../../../shared/orders/OrderStatusBadge.js';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.js';
import { ErrorMessage } from '../../../shared/ui/ErrorMessage.js';
import { IfAllowed } from '../../access/access.js';
import { useNow } from '../../common/use-now.js';
import { PageHeader } from '../../layout/PageHeader.js';
import { useOrderWords } from '../order-words.js';
import { creatorWords, stuckWords } from '../stuck-words.js';
import { LabelsDialog } from './LabelsDialog.js';
import { PieceDialog } from './PieceDialog.js';
import { PiecesGrid } from './PiecesGrid.js';
import { ScanTimeline } from './ScanTimeline.js';
import { useCancelOrder, useOrder, useVoidedLabels, type Order } from './use-order.js';

type Open =
  { kind: 'labels' } | { kind: 'cancel' } | { kind: 'piece'; pieceId: string; name: string };

/** One order: its status, lines, every piece, and its scan history; print, void, cancel. */
export function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const voided = useVoidedLabels(id);
  const [open, setOpen] = useState<Open | null>(null);
  const now = useNow(60_000);
  const { t, orderStatus } = useOrderWords();

  if (order.error) {
    return (
      <section>
        <p>
          <Link to="/">{t('orders.back')}</Link>
        </p>
        <ErrorMessage error={order.error} title={t('orders.order.not_shown')} />
      </section>
    );
  }
  if (!order.data) return <p className="loading">{t('orders.order.loading')}</p>;
  const o = order.data;
  const piece = open?.kind === 'piece' ? o.pieces.find((p) => p.id === open.pieceId) : undefined;
  const close = () => setOpen(null);

  return (
    <section>
      <p className="breadcrumb">
        <Link to="/">{t('orders.back')}</Link>
      </p>
      <PageHeader
        title={t('orders.order.title', { number: o.order_no })}
        sub={
          <span className="status-cell">
            <OrderStatusBadge status={o.status} words={orderStatus} />
            {o.stuck && <StuckBadge why={stuckWords(o, now, t)} />}
            <span>
              {o.retailer_name} ({o.retailer_code})
            </span>
          </span>
        }
      >
        <button type="button" onClick={() => setOpen({ kind: 'labels' })}>
          {t('orders.order.print')}
        </button>
        <IfAllowed op="POST /v1/orders/:id/cancel">
          {o.status !== 'cancelled' && (
            <button
              type="button"
              className="secondary danger-text"
              onClick={() => setOpen({ kind: 'cancel' })}
            >
              {t('orders.order.cancel')}
            </button>
          )}
        </IfAllowed>
      </PageHeader>

      <OrderFacts order={o} />

      <h2>{t('orders.fields.lines')}</h2>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('orders.fields.sku')}</th>
              <th scope="col">{t('orders.fields.colour')}</th>
              <th scope="col" className="num">
                {t('orders.fields.qty')}
              </th>
              <th scope="col" className="num">
                {t('orders.fields.pieces_per_unit')}
              </th>
              <th scope="col">{t('orders.fields.piece_names')}</th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((line, i) => (
              <tr key={i}>
                <td>{line.sku}</td>
                <td>{line.colour ?? '—'}</td>
                <td className="num">{formatNumber(line.qty)}</td>
                <td className="num">{formatNumber(line.pieces_per_unit)}</td>
                <td>{line.piece_names?.join(', ') ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>{t('orders.order.pieces')}</h2>
      <ErrorMessage error={voided.error} />
      <PiecesGrid
        order={o}
        voided={voided.data ?? []}
        onPiece={(p, name) => setOpen({ kind: 'piece', pieceId: p.id, name })}
      />

      <h2>{t('orders.order.history')}</h2>
      <ScanTimeline scans={o.scans} />

      {open?.kind === 'labels' && <LabelsDialog order={o} onClose={close} />}
      {open?.kind === 'piece' && piece && (
        <PieceDialog
          piece={piece}
          name={open.name}
          voided={(voided.data ?? []).filter((v) => v.piece_id === piece.id)}
          onClose={close}
        />
      )}
      {open?.kind === 'cancel' && <CancelDialog order={o} onClose={close} />}
    </section>
  );
}

function OrderFacts({ order }: { order: Order }) {
  const { t } = useOrderWords();
  const overdue = isOverdue(order, localToday());
  return (
    <dl className="facts facts-row">
      <div>
        <dt>{t('orders.table.items')}</dt>
        <dd>{order.items}</dd>
      </div>
      <div>
        <dt>{t('orders.table.pieces')}</dt>
        <dd>
          <OrderProgress order={order} />
        </dd>
      </div>
      <div>
        <dt>{t('orders.fields.needed_by')}</dt>
        <dd className={overdue ? 'overdue-date' : undefined}>
          {formatDate(order.needed_by)}
          {overdue && <span className="overdue-tag"> {t('orders.overdue')}</span>}
        </dd>
      </div>
      <ForecastFact order={order} />
      <div>
        <dt>{t('orders.fields.production_date')}</dt>
        <dd>{formatDate(order.production_date)}</dd>
      </div>
      <div>
        <dt>{t('orders.order.created')}</dt>
        <dd>
          {formatDateTime(order.created_at)} {createdHow(order, t)}
        </dd>
      </div>
      <div>
        <dt>{t('orders.table.updated')}</dt>
        <dd>{formatDateTime(order.updated_at)}</dd>
      </div>
    </dl>
  );
}

/** When the order is expected to leave at the floor's recent pace (DESIGN §16). */
function ForecastFact({ order }: { order: Order }) {
  const { t } = useOrderWords();
  if (order.status === 'dispatched' || order.status === 'cancelled') return null;
  return (
    <div
      data-forecast={order.forecast_dispatch_at ?? ''}
      data-at-risk={order.at_risk ? 'true' : 'false'}
    >
      <dt>{t('orders.order.expected')}</dt>
      <dd className={order.at_risk ? 'overdue-date' : undefined}>
        {order.forecast_dispatch_at
          ? formatDateTime(order.forecast_dispatch_at)
          : t('orders.order.not_known')}
        {order.at_risk && <span className="overdue-tag"> {t('orders.order.at_risk')}</span>}
      </dd>
    </div>
  );
}

/** "by Dana (staff)", "by key ERP sync, CSV upload"; "(API)" for an order of unknown creator. */
function createdHow(order: Order, t: TFunction<'staff'>): string {
  const creator = creatorWords(order.created_by, t);
  const upload = order.source === 'upload';
  if (!creator) return upload ? t('orders.order.by_upload') : t('orders.order.by_api');
  return upload ? t('orders.order.by_and_upload', { creator }) : t('orders.order.by', { creator });
}

function CancelDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const cancel = useCancelOrder(order.id);
  const { t } = useOrderWords();
  return (
    <ConfirmDialog
      title={t('orders.order.cancel_title', { number: order.order_no })}
      confirmLabel={t('orders.order.cancel_confirm')}
      onConfirm={() => cancel.mutateAsync()}
      onClose={onClose}
    >
      <p>{t('orders.order.cancel_text', { count: order.pieces_total })}</p>
    </ConfirmDialog>
  );
}
