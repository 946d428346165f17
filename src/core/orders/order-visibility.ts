// Moved to the store (store/orders/order-visibility.ts); kept for the scan statements, which
// import it from here until they move to the store.
export { orderIsVisible } from '../../store/orders/order-visibility.js';
