/**
 * How the web app writes times, dates, numbers and money: in the page's language (its locale,
 * shared/i18n). The API speaks UTC ISO 8601; people read local time. Formatters are made once per
 * locale, on first use.
 */
import { currentLocale, i18n } from './i18n/i18n.js';

const formatters = new Map<
  string,
  Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat
>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  name: string,
  make: (locale: string) => T,
): T {
  const locale = currentLocale();
  const key = `${name}:${locale}`;
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = make(locale);
    formatters.set(key, f);
  }
  return f;
}

/** `2026-11-22T09:15:00.123Z` → "22 Nov 2026, 09:15" (English) in the browser's time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const f = cached(
    'dateTime',
    (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }),
  );
  return f.format(new Date(iso));
}

/** `2026-11-22` → "22 Nov 2026" (a calendar date: no time zone applies); null → "—". */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '—';
  const f = cached(
    'date',
    (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }),
  );
  return f.format(new Date(`${date}T00:00:00Z`));
}

/** An instant's day in the browser's time zone: "22 Nov 2026"; null → "—". */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const f = cached('day', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }));
  return f.format(new Date(iso));
}

/** "now", "4 min ago", "3 hr. ago", "2 days ago" (in the page's language) — then the date. */
export function formatAgo(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return i18n.t('common:never');
  const rtf = cached(
    'ago',
    (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto', style: 'short' }),
  );
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (seconds < 45) return rtf.format(0, 'second');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 14) return rtf.format(-days, 'day');
  return formatDateTime(iso);
}

/** A count: "1,234" in English, "1 234" in Polish, "1.234" in Romanian. */
export function formatNumber(n: number): string {
  return cached('number', (l) => new Intl.NumberFormat(l)).format(n);
}

/** Pence → "£1,234.50" (the currency is the factory's; the writing is the language's). */
export function formatPence(pence: number): string {
  const f = cached('gbp', (l) => new Intl.NumberFormat(l, { style: 'currency', currency: 'GBP' }));
  return f.format(pence / 100);
}

/** A time of day as the floor reads it: 24-hour, with seconds. */
export function formatClock(iso: string | Date): string {
  const f = cached(
    'clock',
    (l) =>
      new Intl.DateTimeFormat(l, {
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
  );
  return f.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** Today's date in the browser's time zone, `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
