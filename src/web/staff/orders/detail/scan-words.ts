/**
 * The catalog's keys for what stations record: an accepted scan by its kind, a refused one by its
 * kind and why (the API's reason codes; a newer server's unknown code shows as it is).
 */
export const SCAN_EVENT_KEYS: Record<string, string> = {
  produce: 'orders.timeline.event.produce',
  stock: 'orders.timeline.event.stock',
  dispatch: 'orders.timeline.event.dispatch',
};

export const REFUSED_SCAN_KEYS: Record<string, string> = {
  produce: 'orders.timeline.refused.produce',
  stock: 'orders.timeline.refused.stock',
  dispatch: 'orders.timeline.refused.dispatch',
};

export const REFUSAL_KEYS: Record<string, string> = {
  unknown_barcode: 'orders.timeline.refusal.unknown_barcode',
  label_voided: 'orders.timeline.refusal.label_voided',
  order_cancelled: 'orders.timeline.refusal.order_cancelled',
  written_off: 'orders.timeline.refusal.written_off',
  return_open: 'orders.timeline.refusal.return_open',
  consignment_closed: 'orders.timeline.refusal.consignment_closed',
  wrong_retailer: 'orders.timeline.refusal.wrong_retailer',
  already_produced: 'orders.timeline.refusal.already_produced',
  not_produced: 'orders.timeline.refusal.not_produced',
  already_dispatched: 'orders.timeline.refusal.already_dispatched',
  location_required: 'orders.timeline.refusal.location_required',
};
