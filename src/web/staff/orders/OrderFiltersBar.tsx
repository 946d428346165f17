import { useState, type FormEvent } from 'react';
import { ORDER_STATUSES } from '../../shared/orders/order-status.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { useRetailerOptions } from '../common/use-retailers.js';
import { hasFilters, stuckChoice, type OrderFilters } from './order-filters.js';
import { useStaffT } from '../staff-i18n.js';
import { STUCK_REASONS, STUCK_REASON_KEYS } from './stuck-words.js';

/** `2026-11-22T09:15:00.000Z` ↔ the value of a datetime-local input (the browser's time). */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (value: string): string | undefined =>
  value ? new Date(value).toISOString() : undefined;

/**
 * Every filter of GET /v1/orders. Choices apply at once; the order number applies on Enter (or
 * Search), so the list does not jump while it is typed. `/` jumps to the order number.
 */
export function OrderFiltersBar({
  filters,
  onChange,
}: {
  filters: OrderFilters;
  /** Changes some filters, keeping the others; `{}` clears them all. */
  onChange: (patch: Partial<OrderFilters>) => void;
}) {
  const { t, orderStatus } = useStaffT();
  const retailers = useRetailerOptions();
  const [orderNo, setOrderNo] = useState(filters.order_no ?? '');
  // The URL may change under the field (Back, a status chip): follow it.
  const [seen, setSeen] = useState(filters.order_no);
  if (seen !== filters.order_no) {
    setSeen(filters.order_no);
    setOrderNo(filters.order_no ?? '');
  }

  const set = onChange;

  const search = (event: FormEvent) => {
    event.preventDefault();
    set({ order_no: orderNo.trim() || undefined });
  };

  return (
    <form
      className="filters"
      role="search"
      aria-label={t('orders.filters.label')}
      onSubmit={search}
    >
      <div className="filter-search">
        <TextField
          label={t('orders.fields.order_no')}
          name="order_no"
          type="search"
          value={orderNo}
          placeholder={t('orders.filters.search_hint')}
          onChange={(e) => setOrderNo(e.target.value)}
          data-search-shortcut=""
        />
        <button type="submit" className="secondary">
          {t('orders.filters.search')}
        </button>
      </div>
      <SelectField
        label={t('orders.table.status')}
        value={filters.status ?? ''}
        onChange={(e) => set({ status: (e.target.value || undefined) as OrderFilters['status'] })}
      >
        <option value="">{t('orders.filters.any_status')}</option>
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {orderStatus[s]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('orders.fields.retailer')}
        value={filters.retailer_id ?? ''}
        onChange={(e) => set({ retailer_id: e.target.value || undefined })}
      >
        <option value="">{t('orders.filters.any_retailer')}</option>
        {retailers.data?.data.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name} ({r.code})
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('orders.filters.stuck')}
        value={filters.stuck_reason ?? (filters.stuck === undefined ? '' : String(filters.stuck))}
        onChange={(e) => set(stuckChoice(e.target.value))}
      >
        <option value="">{t('orders.filters.stuck_any')}</option>
        <option value="true">{t('orders.filters.stuck_only')}</option>
        {STUCK_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {t(STUCK_REASON_KEYS[reason])}
          </option>
        ))}
        <option value="false">{t('orders.filters.not_stuck')}</option>
      </SelectField>
      <TextField
        label={t('orders.filters.needed_before')}
        type="date"
        value={filters.needed_by_before ?? ''}
        onChange={(e) => set({ needed_by_before: e.target.value || undefined })}
      />
      <TextField
        label={t('orders.filters.updated_since')}
        type="datetime-local"
        value={toLocalInput(filters.updated_since)}
        onChange={(e) => set({ updated_since: fromLocalInput(e.target.value) })}
      />
      {hasFilters(filters) && (
        <button type="button" className="link-button clear-filters" onClick={() => onChange({})}>
          {t('orders.filters.clear')}
        </button>
      )}
    </form>
  );
}
