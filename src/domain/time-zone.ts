// The factory's time zone (an IANA name such as "Europe/Warsaw"): where its days and hours begin.
// Built on Intl, which carries the time zone database in every Node build.

const MINUTE = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `name` is a time zone this build knows (IANA names, "UTC"). */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '' || name.length > 64) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at the instant `ms`, in minutes (Warsaw in summer: 120). */
export function offsetMinutes(zone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / MINUTE);
}

/**
 * The instant the zone's wall clock shows `wallMs` (a wall time written as if it were UTC), for
 * the starts of days: a midnight skipped by a change of offset resolves to the first instant
 * after it.
 */
export function instantOfWallTime(zone: string, wallMs: number): number {
  let guess = wallMs - offsetMinutes(zone, wallMs) * MINUTE;
  for (let i = 0; i < 2; i++) {
    const next = wallMs - offsetMinutes(zone, guess) * MINUTE;
    if (next === guess) break;
    guess = next;
  }
  return guess;
}

/** `ms` written in the zone's wall time with its offset: `2026-03-29T03:00:00.000+02:00`. */
export function isoInZone(zone: string, ms: number): string {
  const offset = offsetMinutes(zone, ms);
  const wall = new Date(ms + offset * MINUTE).toISOString().slice(0, 23);
  if (offset === 0) return `${wall}Z`;
  const a = Math.abs(offset);
  const hh = String(Math.floor(a / 60)).padStart(2, '0');
  const mm = String(a % 60).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}
