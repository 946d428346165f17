/**
 * Dates as a retailer reads them. The API speaks UTC ISO 8601; people read their own time zone.
 * Formatters are made on first use.
 */
let dateOnly: Intl.DateTimeFormat | undefined;
let dayOfInstant: Intl.DateTimeFormat | undefined;

/** `2026-11-22` → "22 Nov 2026" (a calendar date: no time zone applies); null → "—". */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '—';
  dateOnly ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
  return dateOnly.format(new Date(`${date}T00:00:00Z`));
}

/** An instant's day in the browser's time zone: "22 Nov 2026"; null → "—". */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  dayOfInstant ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
  return dayOfInstant.format(new Date(iso));
}
