import type { OrderStatus, PieceStatus } from './order-status.js';

/**
 * Order and piece statuses in the words a retailer's buyer uses, not the factory's: what the
 * portal shows and what its CSV export writes. One table for both, so a download reads as the
 * screen does. (The web app imports this module: it is pure data.)
 */
export const RETAILER_ORDER_STATUS: Readonly<Record<OrderStatus, string>> = {
  awaiting_production: 'Order received',
  in_production: 'Being made',
  produced: 'Made',
  in_stock: 'Ready to dispatch',
  partially_dispatched: 'Partly dispatched',
  dispatched: 'Dispatched',
  cancelled: 'Cancelled',
};

export const RETAILER_PIECE_STATUS: Readonly<Record<PieceStatus, string>> = {
  awaiting_production: 'Not made yet',
  produced: 'Made',
  in_stock: 'Ready to dispatch',
  dispatched: 'Dispatched',
  returned: 'Returned',
  written_off: 'Written off',
  cancelled: 'Cancelled',
};
