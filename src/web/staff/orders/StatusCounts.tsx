import type { ApiResponse } from '../../shared/api/types.js';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../shared/orders/order-status.js';

type Counts = ApiResponse<'/v1/order-counts', 'get'>;

const shown = (c: { count: number; exact: boolean }) =>
  c.exact ? c.count.toLocaleString('en-GB') : `${c.count.toLocaleString('en-GB')}+`;

/**
 * Orders per status across the factory, each a button that filters the list by it (pressed when
 * it is the filter), and the stuck ones.
 */
export function StatusCounts({
  counts,
  status,
  stuck,
  onStatus,
  onStuck,
}: {
  counts: Counts | undefined;
  status: OrderStatus | undefined;
  stuck: boolean | undefined;
  onStatus: (status: OrderStatus | undefined) => void;
  onStuck: (stuck: boolean | undefined) => void;
}) {
  return (
    <div className="status-counts" role="group" aria-label="Orders per status">
      {counts?.statuses.map((s) => (
        <button
          key={s.status}
          type="button"
          className={`count-chip status-${s.status}`}
          aria-pressed={status === s.status}
          onClick={() => onStatus(status === s.status ? undefined : s.status)}
        >
          <span className="count-label">{ORDER_STATUS_LABELS[s.status]}</span>
          <span className="count-value">{shown(s)}</span>
        </button>
      ))}
      {counts && (
        <button
          type="button"
          className="count-chip stuck"
          aria-pressed={stuck === true}
          onClick={() => onStuck(stuck === true ? undefined : true)}
        >
          <span className="count-label">⚠ Stuck</span>
          <span className="count-value">{shown(counts.stuck)}</span>
        </button>
      )}
    </div>
  );
}
