import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { OrderStatusBadge, PieceStatusBadge } from '../../shared/orders/OrderStatusBadge.js';
import { PiecesProgress } from '../ui/PieceProgress.js';
import { formatDate, formatDay } from '../../shared/format.js';
import { OrderLines } from './OrderLines.js';
import { RETAILER_ORDER_STATUS, RETAILER_PIECE_STATUS, type PortalOrder } from './order-types.js';
import { usePortalOrder } from './use-portal-orders.js';

/** One order: where it stands, its dates, each line's progress and its pieces. */
export function OrderPage() {
  const { id = '' } = useParams();
  const order = usePortalOrder(id);
  const state = useLocation().state as { listSearch?: string } | null;
  const back = `/${state?.listSearch ?? ''}`;

  return (
    <section className="order-page" aria-labelledby="order-title">
      <Link className="back-link" to={back}>
        ← My orders
      </Link>
      {order.isPending && <p className="loading">Loading the order…</p>}
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
  return (
    <div className="page-message" role="alert">
      <h1 id="order-title">Order not found</h1>
      <p>There is no such order among your orders. Check the link, or find it in My orders.</p>
    </div>
  );
}

function OrderDetail({ order }: { order: PortalOrder }) {
  return (
    <>
      <div className="page-heading">
        <h1 id="order-title">Order {order.order_no}</h1>
        <OrderStatusBadge status={order.status} words={RETAILER_ORDER_STATUS} />
      </div>
      <p className="page-lead">{order.items}</p>

      <div className="order-summary">
        <section className="card" aria-labelledby="progress-title">
          <h2 id="progress-title">Progress</h2>
          <PiecesProgress of={order} ready />
          <div className="piece-summary" role="group" aria-label="Pieces by state">
            {order.piece_counts.map((c) => (
              <PieceStatusBadge
                key={c.status}
                status={c.status}
                count={c.count}
                words={RETAILER_PIECE_STATUS}
              />
            ))}
          </div>
        </section>
        <section className="card" aria-labelledby="dates-title">
          <h2 id="dates-title">Dates</h2>
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
  const stages: [string, string | null][] = [
    ['All made', order.produced_at],
    ['All ready to dispatch', order.in_stock_at],
    ['All dispatched', order.dispatched_at],
  ];
  const rows: [string, string][] = [
    ['Needed by', formatDate(order.needed_by)],
    ['Production date', formatDate(order.production_date)],
    ['Ordered', formatDay(order.created_at)],
    ...stages.map(([term, at], i): [string, string] => {
      const passed = stages.slice(i + 1).some(([, later]) => later !== null);
      return [term, at ? formatDay(at) : passed || order.cancelled_at ? '—' : 'Not yet'];
    }),
  ];
  if (order.cancelled_at) rows.push(['Cancelled', formatDay(order.cancelled_at)]);
  // The factory's forecast at its recent pace (DESIGN §16); absent once it has all left.
  if (order.forecast_dispatch_at && !order.dispatched_at && !order.cancelled_at) {
    rows.splice(1, 0, ['Expected dispatch', formatDay(order.forecast_dispatch_at)]);
  }
  return (
    <dl className="order-dates">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value === 'Not yet' ? <span className="muted">Not yet</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
