/**
 * How the web app writes times, dates and money. The API speaks UTC ISO 8601; people read local
 * time. Formatters are made once, on first use.
 */

let dateTime: Intl.DateTimeFormat | undefined;
let dateOnly: Intl.DateTimeFormat | undefined;
let dayOfInstant: Intl.DateTimeFormat | undefined;
let pounds: Intl.NumberFormat | undefined;

/** `2026-11-22T09:15:00.123Z` → "22 Nov 2026, 09:15" in the browser's time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  dateTime ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(new Date(iso));
}

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

/** "just now", "4 min ago", "3 h ago", "2 days ago" — then the date. */
export function formatAgo(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'never';
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 14) return `${days} day${days === 1 ? '' : 's'} ago`;
  return formatDateTime(iso);
}

/** Pence → "£1,234.50". */
export function formatPence(pence: number): string {
  pounds ??= new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
  return pounds.format(pence / 100);
}

/** Today's date in the browser's time zone, `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
