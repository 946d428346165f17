const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export function isDateTime(value: unknown): value is string {
  return typeof value === 'string' && ISO_DATE_TIME.test(value);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "3 min ago", "in 9 min", "2 h ago", "5 days ago"; beyond a month the date itself, which reads
 * better than "14 months ago" on an order.
 */
export function relativeTime(iso: string, now: Date): string {
  const then = new Date(iso);
  const delta = now.getTime() - then.getTime();
  if (Number.isNaN(delta)) return iso;
  const distance = Math.abs(delta);
  const phrase = (amount: string) => (delta >= 0 ? `${amount} ago` : `in ${amount}`);
  if (distance < 45_000) return delta >= 0 ? 'just now' : 'in a moment';
  if (distance < HOUR) return phrase(`${Math.max(1, Math.round(distance / MINUTE))} min`);
  if (distance < DAY) return phrase(`${Math.round(distance / HOUR)} h`);
  if (distance < 30 * DAY) {
    const days = Math.round(distance / DAY);
    return phrase(days === 1 ? '1 day' : `${days} days`);
  }
  return iso.slice(0, 10);
}

/** "12.3 kB" and the like, for progress and file summaries. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 'B';
  for (const next of units) {
    if (value < 1000) break;
    value /= 1000;
    unit = next;
  }
  return `${value.toFixed(1)} ${unit}`;
}
