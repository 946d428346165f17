import type { ApiPaths } from '../../shared/api/types.js';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/orders/order-status.js';
import { STUCK_REASONS, type StuckReason } from './stuck-words.js';

type ListQuery = NonNullable<ApiPaths['/v1/orders']['get']['parameters']['query']>;

/** Every filter GET /v1/orders has, as the orders page keeps them in its URL. */
export interface OrderFilters {
  status?: OrderStatus;
  retailer_id?: string;
  stuck?: boolean;
  /** Stuck orders stuck for this reason (the API's stuck_reason filter). */
  stuck_reason?: StuckReason;
  /** `YYYY-MM-DD`. */
  needed_by_before?: string;
  /** An ISO 8601 instant. */
  updated_since?: string;
  order_no?: string;
}

export const FILTER_KEYS = [
  'status',
  'retailer_id',
  'stuck',
  'stuck_reason',
  'needed_by_before',
  'updated_since',
  'order_no',
] as const;

/** The filters a URL's query names; values the API would refuse are left out. */
export function filtersFromUrl(params: URLSearchParams): OrderFilters {
  const filters: OrderFilters = {};
  const status = params.get('status');
  if (status && (ORDER_STATUSES as readonly string[]).includes(status)) {
    filters.status = status as OrderStatus;
  }
  const retailer = params.get('retailer_id');
  if (retailer) filters.retailer_id = retailer;
  const stuck = params.get('stuck');
  if (stuck === 'true' || stuck === 'false') filters.stuck = stuck === 'true';
  const reason = params.get('stuck_reason');
  // A reason lists stuck orders: with stuck=false the API would refuse it, so it is left out.
  if (reason && (STUCK_REASONS as string[]).includes(reason) && filters.stuck !== false) {
    filters.stuck_reason = reason as StuckReason;
  }
  const before = params.get('needed_by_before');
  if (before && /^\d{4}-\d{2}-\d{2}$/.test(before)) filters.needed_by_before = before;
  const since = params.get('updated_since');
  if (since && !Number.isNaN(Date.parse(since))) filters.updated_since = since;
  const orderNo = params.get('order_no')?.trim();
  if (orderNo) filters.order_no = orderNo;
  return filters;
}

/**
 * The Stuck choice of the filter bar or the Stuck tile ('', 'true', 'false' or a reason) as a
 * change of both filters: a reason also means stuck=true.
 */
export function stuckChoice(value: string): Pick<OrderFilters, 'stuck' | 'stuck_reason'> {
  if ((STUCK_REASONS as string[]).includes(value)) {
    return { stuck: true, stuck_reason: value as StuckReason };
  }
  return { stuck: value === '' ? undefined : value === 'true', stuck_reason: undefined };
}

/** The URL query for filters (and a page cursor): only what is set, in a stable order. */
export function urlFromFilters(filters: OrderFilters, after?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (after) params.set('after', after);
  return params;
}

/** The query of GET /v1/orders for filters and a page. */
export function listQuery(
  filters: OrderFilters,
  after: string | undefined,
  limit: number,
): ListQuery {
  return { ...filters, limit, ...(after ? { starting_after: after } : {}) };
}

export const hasFilters = (filters: OrderFilters): boolean => Object.keys(filters).length > 0;
