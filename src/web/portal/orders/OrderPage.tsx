import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { OrderStatusBadge, PieceStatusBadge } from '../../shared/orders/OrderStatusBadge.js';
import { PiecesProgress } from '../ui/PieceProgress.js';
import { formatDate, formatDay } from '../../shared/format.js';
import { OrderLines } from './OrderLines.js';
import type { PortalOrder } from './order-types.js';
import { usePortalOrder } from './use-portal-orders.js';
import { usePortalT } from '../portal-i18n.js';

/** One order: where it stands, its dates, each line's progress and its pieces. */
export function OrderPage() {
  const { t } = usePortalT();
  const { id = '' } = useParams();
  const order = usePortalOrder(id);
  const state = useLocation().state as { listSearch?: string } | null;
  const back = `/${state?.listSearch ?? ''}`;

  return (
    <section className="order-page" aria-labelledby="order-title">
      <Link className="back-link" to={back}>
        {t('order.back')}
      </Link>
      {order.isPending && <p className="loading">{t('order.loading')}</p>}
      {order.error instanceof ApiError && order.error.status === 404 ? (
        <OrderNotFound />
      ) : (
        <ErrorMessage error={order.error} />
      )}
      {order.data && <OrderDetail order={order.data} />}
    </section>
  );
}

/** Another retailer's order and one that never was look the same. */
function OrderNotFound() {
  const { t } = usePortalT();
  return (
    <div className="page-message" role="alert">
      <h1 id="order-title">{t('order.not_found')}</h1>
      <p>{t('order.not_found_text')}</p>
    </div>
  );
}

function OrderDetail({ order }: { order: PortalOrder }) {
  const { t, orderStatus, pieceStatus } = usePortalT();
  return (
    <>
      <div className="page-heading">
        <h1 id="order-title">{t('order.title', { number: order.order_no })}</h1>
        <OrderStatusBadge status={order.status} words={orderStatus} />
      </div>
      <p className="page-lead">{order.items}</p>

      <div className="order-summary">
        <section className="card" aria-labelledby="progress-title">
          <h2 id="progress-title">{t('order.progress')}</h2>
          <PiecesProgress of={order} ready />
          <div className="piece-summary" role="group" aria-label={t('order.by_state')}>
            {order.piece_counts.map((c) => (
              <PieceStatusBadge
                key={c.status}
                status={c.status}
                words={{
                  ...pieceStatus,
                  [c.status]: t('piece_count', { count: c.count, state: pieceStatus[c.status] }),
                }}
              />
            ))}
          </div>
        </section>
        <section className="card" aria-labelledby="dates-title">
          <h2 id="dates-title">{t('order.dates')}</h2>
          <OrderDates order={order} />
        </section>
      </div>

      <OrderLines order={order} />
    </>
  );
}

/**
 * The order's dates. Made, ready and dispatched are the days the whole order got there; a stage
 * the order went past without stopping at (dispatched straight from the line) shows a dash.
 */
function OrderDates({ order }: { order: PortalOrder }) {
  const { t } = usePortalT();
  const notYet = t('order.not_yet');
  const stages: [string, string | null][] = [
    [t('order.all_made'), order.produced_at],
    [t('order.all_ready'), order.in_stock_at],
    [t('order.all_dispatched'), order.dispatched_at],
  ];
  const rows: [string, string][] = [
    [t('order.needed_by'), formatDate(order.needed_by)],
    [t('order.production_date'), formatDate(order.production_date)],
    [t('order.ordered'), formatDay(order.created_at)],
    ...stages.map(([term, at], i): [string, string] => {
      const passed = stages.slice(i + 1).some(([, later]) => later !== null);
      return [term, at ? formatDay(at) : passed || order.cancelled_at ? '—' : notYet];
    }),
  ];
  if (order.cancelled_at) rows.push([t('order.cancelled'), formatDay(order.cancelled_at)]);
  // The factory's forecast at its recent pace (DESIGN §16); absent once it has all left.
  if (order.forecast_dispatch_at && !order.dispatched_at && !order.cancelled_at) {
    rows.splice(1, 0, [t('order.expected_dispatch'), formatDay(order.forecast_dispatch_at)]);
  }
  return (
    <dl className="order-dates">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value === notYet ? <span className="muted">{notYet}</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
