import { useLocation } from 'react-router';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { Pager } from '../../shared/ui/Pager.js';
import { OrderFilters } from './OrderFilters.js';
import { OrdersTable } from './OrdersTable.js';
import { useListParams } from './use-list-params.js';
import { useCsvExport, usePortalOrders } from './use-portal-orders.js';
import { usePortalT } from '../portal-i18n.js';

/** My orders: the retailer's orders, filtered and paged as the URL says, and their export. */
export function OrdersPage({ retailer }: { retailer: string }) {
  const { t } = usePortalT();
  const list = useListParams();
  const filters = { status: list.status, search: list.search };
  const orders = usePortalOrders(filters, list.after);
  const csv = useCsvExport();
  const { search } = useLocation();
  const filtered = filters.status !== undefined || filters.search !== undefined;

  return (
    <section className="orders-page" aria-labelledby="orders-title">
      <div className="page-heading">
        <h1 id="orders-title">{t('nav.orders')}</h1>
        <button
          type="button"
          className="secondary"
          disabled={csv.isPending}
          onClick={() => csv.mutate(filters)}
        >
          {csv.isPending ? t('orders.csv_preparing') : t('orders.csv')}
        </button>
      </div>
      <p className="page-lead">
        {t('orders.lead', { retailer })}{' '}
        {filtered ? t('orders.lead_filtered') : t('orders.lead_all')}
      </p>
      <ErrorMessage error={csv.error} title={t('orders.csv_failed')} />
      <OrderFilters filters={filters} onChange={list.filter} />
      <ErrorMessage error={orders.error} />
      {orders.isPending && <p className="loading">{t('orders.loading')}</p>}
      {orders.data && orders.data.data.length === 0 && (
        <div className="empty-state" role="status">
          <p className="empty-title">{filtered ? t('orders.none_match') : t('orders.none_yet')}</p>
          <p className="empty-next">
            {filtered ? t('orders.none_match_next') : t('orders.none_yet_next')}
          </p>
        </div>
      )}
      {orders.data && orders.data.data.length > 0 && (
        <div aria-busy={orders.isFetching}>
          <OrdersTable orders={orders.data.data} search={search} />
          <Pager
            label={t('orders.pages')}
            page={list.page}
            hasMore={orders.data.has_more}
            onFirst={list.first}
            onPrevious={list.previous}
            onNext={() => orders.data.next_cursor && list.next(orders.data.next_cursor)}
          />
        </div>
      )}
    </section>
  );
}
