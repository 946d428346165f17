import { useState, type FormEvent } from 'react';
import { TextField } from '../../shared/ui/TextField.js';
import { ORDER_STATUSES } from '../../shared/orders/order-status.js';
import type { OrderStatus } from './order-types.js';
import type { OrderFilters as Filters } from './use-portal-orders.js';
import { usePortalT } from '../portal-i18n.js';

/**
 * Status and order-number search. A new status applies at once; the search applies on Enter or
 * "Search", so typing does not flood the browser's history.
 */
export function OrderFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
}) {
  const { t, orderStatus } = usePortalT();
  const [search, setSearch] = useState(filters.search ?? '');
  const [shown, setShown] = useState(filters.search);
  // The URL changed under the form (Back, a link): show what it says.
  if (shown !== filters.search) {
    setShown(filters.search);
    setSearch(filters.search ?? '');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ search: search.trim() || undefined });
  }

  return (
    <form className="order-filters" role="search" aria-label={t('orders.filter')} onSubmit={submit}>
      <div className="field">
        <label htmlFor="order-status">{t('orders.status')}</label>
        <select
          id="order-status"
          value={filters.status ?? ''}
          onChange={(e) => onChange({ status: (e.target.value || undefined) as OrderStatus })}
        >
          <option value="">{t('orders.all')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {orderStatus[s]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('orders.number')}
        type="search"
        name="q"
        placeholder={t('orders.number_example')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        maxLength={100}
      />
      <button type="submit" className="secondary">
        {t('orders.search')}
      </button>
      {(filters.status || filters.search) && (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setSearch('');
            onChange({ status: undefined, search: undefined });
          }}
        >
          {t('orders.clear')}
        </button>
      )}
    </form>
  );
}
