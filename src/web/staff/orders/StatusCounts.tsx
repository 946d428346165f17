import type { ApiResponse } from '../../shared/api/types.js';
import { formatNumber } from '../../shared/format.js';
import type { OrderStatus } from '../../shared/orders/order-status.js';
import { useStaffT } from '../staff-i18n.js';
import { STUCK_REASONS, type StuckReason } from './stuck-words.js';

type Counts = ApiResponse<'/v1/order-counts', 'get'>;

/** The catalog's words for each reason's tile. */
const STUCK_KEYS: Record<StuckReason, string> = {
  partially_dispatched: 'orders.stuck_partly',
  waiting_since: 'orders.stuck_waiting',
};

type Bounded = { count: number; exact: boolean };

/**
 * Stuck orders per reason, from counts the API already gives: every partially dispatched order
 * is stuck, and the other stuck ones are produced or in stock. The second is only known when
 * both counts are exact.
 */
function reasonCounts(counts: Counts): Record<StuckReason, Bounded | null> {
  const partly = counts.statuses.find((s) => s.status === 'partially_dispatched') ?? null;
  const waiting =
    partly && partly.exact && counts.stuck.exact
      ? { count: Math.max(0, counts.stuck.count - partly.count), exact: true }
      : null;
  return { partially_dispatched: partly, waiting_since: waiting };
}

/**
 * Orders per status across the factory, each a button that filters the list by it (pressed when
 * it is the filter), and the stuck ones; while stuck orders are shown, a button per reason
 * narrows them to part-dispatched orders or to those produced long ago and not dispatched.
 */
export function StatusCounts({
  counts,
  status,
  stuck,
  stuckReason,
  onStatus,
  onStuck,
}: {
  counts: Counts | undefined;
  status: OrderStatus | undefined;
  stuck: boolean | undefined;
  stuckReason: StuckReason | undefined;
  onStatus: (status: OrderStatus | undefined) => void;
  /** `true` with a reason narrows to it; `undefined` clears both. */
  onStuck: (stuck: boolean | undefined, reason?: StuckReason) => void;
}) {
  const { t, orderStatus } = useStaffT();
  /** A count in the page's language; "1,000+" when the server stopped counting. */
  const shown = (c: { count: number; exact: boolean }) =>
    c.exact ? formatNumber(c.count) : t('orders.at_least', { count: formatNumber(c.count) });
  const byReason = counts ? reasonCounts(counts) : null;
  return (
    <div className="status-counts" role="group" aria-label={t('orders.per_status')}>
      {counts?.statuses.map((s) => (
        <button
          key={s.status}
          type="button"
          className={`count-chip status-${s.status}`}
          aria-pressed={status === s.status}
          onClick={() => onStatus(status === s.status ? undefined : s.status)}
        >
          <span className="count-label">{orderStatus[s.status]}</span>
          <span className="count-value">{shown(s)}</span>
        </button>
      ))}
      {counts && (
        <button
          type="button"
          className="count-chip stuck"
          aria-pressed={stuck === true && stuckReason === undefined}
          onClick={() => onStuck(stuck === true && stuckReason === undefined ? undefined : true)}
        >
          <span className="count-label">{t('orders.stuck')}</span>
          <span className="count-value">{shown(counts.stuck)}</span>
        </button>
      )}
      {byReason &&
        stuck === true &&
        STUCK_REASONS.map((reason) => {
          const count = byReason[reason];
          return (
            <button
              key={reason}
              type="button"
              className="count-chip stuck stuck-reason"
              aria-pressed={stuckReason === reason}
              onClick={() => onStuck(true, stuckReason === reason ? undefined : reason)}
            >
              <span className="count-label">{t(STUCK_KEYS[reason])}</span>
              <span className="count-value">{count ? shown(count) : '—'}</span>
            </button>
          );
        })}
    </div>
  );
}
