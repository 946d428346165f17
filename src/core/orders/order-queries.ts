// Moved to the store (store/orders/order-rows.ts); kept for the scan path and the transaction
// (core/scans, context.ts, transaction.ts), which import them from here.
export { OrderLines, type OrderRow } from '../../store/orders/order-rows.js';
