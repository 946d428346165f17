/**
 * The order an event is about, read from its data as the use cases write it: an order itself
 * (`order.created`, `order.cancelled`), `{order_id, order_no, retailer_id, …}` (status changes,
 * stuck, at risk, returns, voided labels), or `{order: {…}}` (scans). Nulls where the data does
 * not say (a voided label names its order but not the retailer; a station's event no order).
 */
export interface EventOrderRef {
  orderId: string | null;
  orderNo: string | null;
  retailerId: string | null;
  /** The order's status after the event, when the data carries it. */
  status: string | null;
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const obj = (v: unknown): Obj | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : null;

export function eventOrderRef(type: string, data: unknown): EventOrderRef {
  const d = obj(data) ?? {};
  const order = obj(d.order);
  const isOrder = type.startsWith('order.') && d.object === 'order';
  return {
    orderId: str(d.order_id) ?? str(order?.id) ?? (isOrder ? str(d.id) : null),
    orderNo: str(d.order_no) ?? str(order?.order_no),
    retailerId: str(d.retailer_id) ?? str(order?.retailer_id),
    status: str(d.to) ?? str(order?.status) ?? (isOrder ? str(d.status) : null),
  };
}

/**
 * Event types a retailer's stream may carry (its own orders' only): what the portal shows.
 * The floor's own signals (stuck, at risk, stations, labels) stay inside the factory.
 */
export const RETAILER_EVENT_TYPES: ReadonlySet<string> = new Set([
  'order.created',
  'order.status_changed',
  'order.cancelled',
  'scan.recorded',
  'return.created',
  'return.restocked',
  'return.written_off',
]);
