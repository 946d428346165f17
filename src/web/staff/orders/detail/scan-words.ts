/** Words for what stations record: the scan's kind and why one was refused. */
export const SCAN_EVENT_LABELS: Record<string, string> = {
  produce: 'Produced',
  stock: 'Stocked',
  dispatch: 'Dispatched',
};

export const REFUSAL_LABELS: Record<string, string> = {
  unknown_barcode: 'unknown barcode',
  label_voided: 'the label was voided',
  order_cancelled: 'the order is cancelled',
  written_off: 'the piece was written off',
  return_open: 'the piece has an open return',
  already_produced: 'already produced',
  not_produced: 'not produced yet',
  already_dispatched: 'already dispatched',
  location_required: 'no bay location given',
};

export const refusalWords = (reason: string | null): string =>
  reason ? (REFUSAL_LABELS[reason] ?? reason.replace(/_/g, ' ')) : 'refused';
