import { useState, type FormEvent } from 'react';
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from '../../shared/orders/order-status.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { useRetailerOptions } from '../common/use-retailers.js';
import { hasFilters, stuckChoice, type OrderFilters } from './order-filters.js';
import { STUCK_REASONS, STUCK_REASON_LABELS } from './stuck-words.js';

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
    <form className="filters" role="search" aria-label="Filter orders" onSubmit={search}>
      <div className="filter-search">
        <TextField
          label="Order number"
          name="order_no"
          type="search"
          value={orderNo}
          placeholder="Press / to search"
          onChange={(e) => setOrderNo(e.target.value)}
          data-search-shortcut=""
        />
        <button type="submit" className="secondary">
          Search
        </button>
      </div>
      <SelectField
        label="Status"
        value={filters.status ?? ''}
        onChange={(e) => set({ status: (e.target.value || undefined) as OrderFilters['status'] })}
      >
        <option value="">Any status</option>
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {ORDER_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Retailer"
        value={filters.retailer_id ?? ''}
        onChange={(e) => set({ retailer_id: e.target.value || undefined })}
      >
        <option value="">Any retailer</option>
        {retailers.data?.data.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name} ({r.code})
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Stuck"
        value={filters.stuck_reason ?? (filters.stuck === undefined ? '' : String(filters.stuck))}
        onChange={(e) => set(stuckChoice(e.target.value))}
      >
        <option value="">Stuck or not</option>
        <option value="true">Stuck only</option>
        {STUCK_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {STUCK_REASON_LABELS[reason]}
          </option>
        ))}
        <option value="false">Not stuck</option>
      </SelectField>
      <TextField
        label="Needed before"
        type="date"
        value={filters.needed_by_before ?? ''}
        onChange={(e) => set({ needed_by_before: e.target.value || undefined })}
      />
      <TextField
        label="Updated since"
        type="datetime-local"
        value={toLocalInput(filters.updated_since)}
        onChange={(e) => set({ updated_since: fromLocalInput(e.target.value) })}
      />
      {hasFilters(filters) && (
        <button type="button" className="link-button clear-filters" onClick={() => onChange({})}>
          Clear filters
        </button>
      )}
    </form>
  );
}
