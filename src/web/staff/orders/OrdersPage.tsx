import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { localToday } from '../../shared/format.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { Pager } from '../../shared/ui/Pager.js';
import { IfAllowed } from '../access/access.js';
import { useStaffT } from '../staff-i18n.js';
import { useNow } from '../common/use-now.js';
import { PageHeader } from '../layout/PageHeader.js';
import { filtersFromUrl, hasFilters, urlFromFilters, type OrderFilters } from './order-filters.js';
import { OrderFiltersBar } from './OrderFiltersBar.js';
import { OrdersTable } from './OrdersTable.js';
import { StatusCounts } from './StatusCounts.js';
import { useOrderCounts, useOrders } from './use-orders.js';

/** Cursors of the pages before this one, carried in the history entry (not the URL). */
interface PageTrail {
  trail?: (string | null)[];
}

/**
 * The home page: counts per status, every filter of the API (in the URL, so a view can be
 * bookmarked or shared), and the orders in keyset pages, refreshing themselves.
 */
export function OrdersPage() {
  const { t } = useStaffT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const filters = filtersFromUrl(params);
  const after = params.get('after') ?? undefined;
  const trail = (location.state as PageTrail | null)?.trail ?? [];

  const orders = useOrders(filters, after);
  const counts = useOrderCounts();

  /**
   * Applies a change to the filters the address bar holds now, not to those of the last render:
   * two changes made in quick succession both count. An empty object clears them all.
   */
  const show = (patch: Partial<OrderFilters>) => {
    const cleared = Object.keys(patch).length === 0;
    const current = cleared ? {} : filtersFromUrl(new URLSearchParams(window.location.search));
    const next: OrderFilters = { ...current, ...patch };
    for (const key of Object.keys(next) as (keyof OrderFilters)[]) {
      if (next[key] === undefined || next[key] === '') delete next[key];
    }
    void navigate({ search: `?${urlFromFilters(next)}` });
  };
  const goTo = (cursor: string | null, nextTrail: (string | null)[]) =>
    void navigate(
      { search: `?${urlFromFilters(filters, cursor ?? undefined)}` },
      { state: { trail: nextTrail } satisfies PageTrail },
    );

  const page = orders.data;
  const now = useNow(30_000);
  return (
    <section>
      <PageHeader
        title={t('orders.title')}
        sub={
          <span className="refresh-note">
            {orders.isFetching ? t('orders.refreshing') : t('orders.refreshes')}
          </span>
        }
      >
        <IfAllowed op="POST /v1/orders/upload">
          <Link className="button-link secondary" to="/orders/upload">
            {t('orders.upload')}
          </Link>
        </IfAllowed>
        <IfAllowed op="POST /v1/orders">
          <Link className="button-link" to="/orders/new">
            {t('orders.new')}
          </Link>
        </IfAllowed>
      </PageHeader>

      <StatusCounts
        counts={counts.data}
        status={filters.status}
        stuck={filters.stuck}
        stuckReason={filters.stuck_reason}
        onStatus={(status) => show({ status })}
        onStuck={(stuck, reason) => show({ stuck, stuck_reason: reason })}
      />
      <OrderFiltersBar filters={filters} onChange={show} />

      <ErrorMessage error={orders.error ?? counts.error} />
      {page &&
        (page.data.length === 0 ? (
          hasFilters(filters) ? (
            <EmptyState title={t('orders.none_match')}>
              <Trans
                t={t}
                i18nKey="orders.none_match_next"
                components={{
                  button: <button type="button" className="link-button" onClick={() => show({})} />,
                }}
              />
            </EmptyState>
          ) : (
            <EmptyState title={t('orders.none_yet')}>{t('orders.none_yet_next')}</EmptyState>
          )
        ) : (
          <OrdersTable orders={page.data} today={localToday(new Date(now))} now={now} />
        ))}
      {!page && !orders.error && <p className="loading">{t('orders.loading')}</p>}
      {page && (
        <Pager
          label={t('orders.pages')}
          page={after === undefined ? 1 : trail.length > 0 ? trail.length + 1 : null}
          hasMore={page.has_more}
          onFirst={() => goTo(null, [])}
          onPrevious={
            trail.length > 0 ? () => goTo(trail.at(-1) ?? null, trail.slice(0, -1)) : undefined
          }
          onNext={() => {
            if (page.next_cursor) goTo(page.next_cursor, [...trail, after ?? null]);
          }}
        />
      )}
    </section>
  );
}
