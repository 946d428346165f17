import { useLocation } from 'react-router';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { Pager } from '../../shared/ui/Pager.js';
import { OrderFilters } from './OrderFilters.js';
import { OrdersTable } from './OrdersTable.js';
import { useListParams } from './use-list-params.js';
import { useCsvExport, usePortalOrders } from './use-portal-orders.js';

/** My orders: the retailer's orders, filtered and paged as the URL says, and their export. */
export function OrdersPage({ retailer }: { retailer: string }) {
  const list = useListParams();
  const filters = { status: list.status, search: list.search };
  const orders = usePortalOrders(filters, list.after);
  const csv = useCsvExport();
  const { search } = useLocation();
  const filtered = filters.status !== undefined || filters.search !== undefined;

  return (
    <section className="orders-page" aria-labelledby="orders-title">
      <div className="page-heading">
        <h1 id="orders-title">My orders</h1>
        <button
          type="button"
          className="secondary"
          disabled={csv.isPending}
          onClick={() => csv.mutate(filters)}
        >
          {csv.isPending ? 'Preparing CSV…' : 'Download CSV'}
        </button>
      </div>
      <p className="page-lead">
        {retailer}’s orders, newest first.{' '}
        {filtered
          ? 'The CSV holds every order that matches the filters.'
          : 'The CSV holds them all.'}
      </p>
      <ErrorMessage error={csv.error} title="The CSV could not be made." />
      <OrderFilters filters={filters} onChange={list.filter} />
      <ErrorMessage error={orders.error} />
      {orders.isPending && <p className="loading">Loading orders…</p>}
      {orders.data && orders.data.data.length === 0 && (
        <div className="empty-state" role="status">
          <p className="empty-title">{filtered ? 'No orders match' : 'No orders yet'}</p>
          <p className="empty-next">
            {filtered
              ? 'Try another status or part of the order number.'
              : 'Orders the factory receives from you will show here.'}
          </p>
        </div>
      )}
      {orders.data && orders.data.data.length > 0 && (
        <div aria-busy={orders.isFetching}>
          <OrdersTable orders={orders.data.data} search={search} />
          <Pager
            label="Pages of orders"
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
