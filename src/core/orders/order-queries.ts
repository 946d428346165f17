// Moved to the store (store/orders/order-rows.ts); kept for the scan path and the transaction,
// which import them from here until they import the store's module.
export {
  OrderLines,
  orderRowById,
  type LineRow,
  type OrderRow,
} from '../../store/orders/order-rows.js';
