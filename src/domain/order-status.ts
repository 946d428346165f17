/** Piece statuses in lifecycle order; `piece_states` on an order is listed in this order. */
export const PIECE_STATUSES = [
  'awaiting_production',
  'produced',
  'in_stock',
  'dispatched',
  'returned',
  'written_off',
  'cancelled',
] as const;
export type PieceStatus = (typeof PIECE_STATUSES)[number];

export const ORDER_STATUSES = [
  'awaiting_production',
  'in_production',
  'produced',
  'in_stock',
  'partially_dispatched',
  'dispatched',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The order's status, derived from its pieces after every change.
 *
 * Written-off pieces are left out: they will never be made or shipped again, so they must neither
 * hold an order back nor count as progress. Over the rest: `cancelled` if the order is cancelled;
 * else `dispatched` if all are dispatched; else `partially_dispatched` if any is dispatched or
 * `returned` (an open return keeps the order in a state that needs attention); else `in_stock` if
 * all are in stock; else `produced` if all are produced or in stock; else `in_production` if any
 * is; else `awaiting_production`.
 *
 * When every piece is written off the order is `dispatched`. A piece is only written off by
 * closing a return, so each of those pieces left the factory once; nothing remains to make, stock
 * or ship, and the supervisor must see the order as finished — not as waiting for production, and
 * not as stuck. This is also what the rule gives read literally: all remaining pieces (none) are
 * dispatched. An order with no pieces at all cannot be created (every line has at least one unit
 * of at least one piece); should one exist it reads `awaiting_production`, since nothing happened.
 */
export function deriveOrderStatus(input: {
  cancelled: boolean;
  pieceStatuses: readonly PieceStatus[];
}): OrderStatus {
  if (input.cancelled) return 'cancelled';
  if (input.pieceStatuses.length === 0) return 'awaiting_production';
  const countable = input.pieceStatuses.filter((s) => s !== 'written_off');
  if (countable.every((s) => s === 'dispatched')) return 'dispatched';
  if (countable.some((s) => s === 'dispatched' || s === 'returned')) return 'partially_dispatched';
  if (countable.every((s) => s === 'in_stock')) return 'in_stock';
  const made = (s: PieceStatus): boolean => s === 'produced' || s === 'in_stock';
  if (countable.every(made)) return 'produced';
  if (countable.some(made)) return 'in_production';
  return 'awaiting_production';
}

export interface OrderSummary {
  status: OrderStatus;
  pieces_total: number;
  pieces_scanned: number;
  pieces_in_stock: number;
  pieces_dispatched: number;
  piece_states: PieceStatus[];
}

/** How many of an order's pieces are in each status. */
export type PieceCounts = Record<PieceStatus, number>;

export const noPieces = (): PieceCounts => ({
  awaiting_production: 0,
  produced: 0,
  in_stock: 0,
  dispatched: 0,
  returned: 0,
  written_off: 0,
  cancelled: 0,
});

/**
 * Status and counters of an order as the API shows them. `scanned` is true when the piece has at
 * least one accepted scan. `pieces_total` counts every piece, written off ones included;
 * `pieces_in_stock` and `pieces_dispatched` count pieces currently in that status (a returned
 * piece is no longer dispatched). `piece_states` lists the distinct statuses present, in
 * lifecycle order.
 *
 * An entry with a `count` stands for that many alike pieces (default 1), so an order of any size
 * is summarised from a few rows of counts.
 */
export function summarizeOrder(input: {
  cancelled: boolean;
  pieces: readonly { status: PieceStatus; scanned: boolean; count?: number }[];
}): OrderSummary {
  const counts = noPieces();
  let scanned = 0;
  for (const piece of input.pieces) {
    const n = piece.count ?? 1;
    if (n <= 0) continue;
    counts[piece.status] += n;
    if (piece.scanned) scanned += n;
  }
  return summarizeCounts({ cancelled: input.cancelled, counts, scanned });
}

/** `summarizeOrder` from the count of pieces in each status and of those ever scanned. */
export function summarizeCounts(input: {
  cancelled: boolean;
  counts: Readonly<PieceCounts>;
  scanned: number;
}): OrderSummary {
  const { counts } = input;
  const piece_states = PIECE_STATUSES.filter((s) => counts[s] > 0);
  let total = 0;
  for (const status of PIECE_STATUSES) total += counts[status];
  return {
    // The status depends only on which statuses are present.
    status: deriveOrderStatus({ cancelled: input.cancelled, pieceStatuses: piece_states }),
    pieces_total: total,
    pieces_scanned: input.scanned,
    pieces_in_stock: counts.in_stock,
    pieces_dispatched: counts.dispatched,
    piece_states,
  };
}

export interface OrderMilestones {
  produced_at: string | null;
  in_stock_at: string | null;
  dispatched_at: string | null;
}

/**
 * The order's milestones after it has been derived to `status` at `nowIso`.
 *
 * Each timestamp is set the first time the order reaches its status and is never overwritten, so
 * an order that falls back (a return reopens a dispatched order) keeps its history.
 *
 * `produced_at` marks the moment the order stopped being work in progress, and `stuck` is
 * measured from it. Reaching `in_stock` or `dispatched` also sets a missing `produced_at`: an
 * order can skip `produced` (it was partially dispatched while other pieces were still being made,
 * then its returned pieces were restocked or written off) and must still have a start for `stuck`.
 * `in_stock_at` is not filled in for an order that went straight to `dispatched`: it never was
 * all in stock. `partially_dispatched` sets nothing: part of it may still be in production.
 *
 * Returns `prev` itself when nothing changes, so callers can skip a write by identity.
 */
export function advanceMilestones(
  prev: OrderMilestones,
  status: OrderStatus,
  nowIso: string,
): OrderMilestones {
  const reachedProduced = status === 'produced' || status === 'in_stock' || status === 'dispatched';
  const next: OrderMilestones = {
    produced_at: prev.produced_at ?? (reachedProduced ? nowIso : null),
    in_stock_at: prev.in_stock_at ?? (status === 'in_stock' ? nowIso : null),
    dispatched_at: prev.dispatched_at ?? (status === 'dispatched' ? nowIso : null),
  };
  const changed =
    next.produced_at !== prev.produced_at ||
    next.in_stock_at !== prev.in_stock_at ||
    next.dispatched_at !== prev.dispatched_at;
  return changed ? next : prev;
}
