import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_KEYS, wordsOf } from '../shared/orders/order-status.js';

/** The staff app's `t`, and its order status words in the page's language. */
export function useStaffT() {
  const { t } = useTranslation('staff');
  return { t, orderStatus: wordsOf(t, ORDER_STATUS_KEYS) };
}
