import { MINUTE } from './clock.js';

/**
 * When scheduled backups run (the setting `backup_schedule`, docs/operate.md "Backups"), in the
 * words an administrator writes:
 *
 * - `02:30` — every day at 02:30 in the factory's time zone; several times a day: `02:30, 14:30`;
 * - `every 6h`, `every 30m` — at that interval from the last backup (at least 15 minutes);
 * - null (or empty) — no scheduled backups.
 */
export type BackupSchedule =
  { kind: 'daily'; times: { hour: number; minute: number }[] } | { kind: 'every'; ms: number };

export const MIN_BACKUP_INTERVAL_MS = 15 * MINUTE;

/** The schedule, or a sentence saying what is wrong with it. */
export function parseBackupSchedule(text: string): BackupSchedule | string {
  const value = text.trim().toLowerCase();
  const every = /^every\s+(\d{1,4})\s*(m|min|minutes?|h|hours?)$/.exec(value);
  if (every) {
    const n = Number(every[1]);
    const ms = every[2]!.startsWith('h') ? n * 60 * MINUTE : n * MINUTE;
    if (ms < MIN_BACKUP_INTERVAL_MS) return 'backups run at most every 15 minutes (every 15m).';
    return { kind: 'every', ms };
  }
  const times: { hour: number; minute: number }[] = [];
  for (const part of value.split(',')) {
    const match = /^(\d{1,2}):(\d{2})$/.exec(part.trim());
    const hour = Number(match?.[1]);
    const minute = Number(match?.[2]);
    if (!match || hour > 23 || minute > 59) {
      return 'backup_schedule is a time of day such as 02:30 (several: 02:30, 14:30), or an interval such as every 6h or every 30m; empty for none.';
    }
    times.push({ hour, minute });
  }
  times.sort((a, b) => a.hour * 60 + a.minute - (b.hour * 60 + b.minute));
  return { kind: 'daily', times };
}

/** The schedule as stored: times as HH:MM, comma-separated, or `every <n>m|h`. */
export function formatBackupSchedule(schedule: BackupSchedule): string {
  if (schedule.kind === 'every') {
    const minutes = schedule.ms / MINUTE;
    return minutes % 60 === 0 ? `every ${minutes / 60}h` : `every ${minutes}m`;
  }
  const two = (n: number) => String(n).padStart(2, '0');
  return schedule.times.map((t) => `${two(t.hour)}:${two(t.minute)}`).join(', ');
}

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE);
}

/** The instant of a wall-clock time in the zone (a time skipped by a clock change: just after). */
function zonedInstant(
  date: { year: number; month: number; day: number },
  time: { hour: number; minute: number },
  timeZone: string,
): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  let guess = wall - offsetMinutes(new Date(wall), timeZone) * MINUTE;
  guess = wall - offsetMinutes(new Date(guess), timeZone) * MINUTE;
  return new Date(guess);
}

/** The calendar date of `instant` in the zone. */
function zonedDate(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const shifted = new Date(instant.getTime() + offsetMinutes(instant, timeZone) * MINUTE);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/**
 * When the next backup is due: the first scheduled instant after `after` (the last backup's
 * start, or when the schedule was first seen).
 */
export function nextBackupAt(schedule: BackupSchedule, after: Date, timeZone: string): Date {
  if (schedule.kind === 'every') return new Date(after.getTime() + schedule.ms);
  const start = zonedDate(after, timeZone);
  for (let days = 0; days <= 2; days++) {
    const noon = new Date(Date.UTC(start.year, start.month - 1, start.day + days, 12));
    const date = {
      year: noon.getUTCFullYear(),
      month: noon.getUTCMonth() + 1,
      day: noon.getUTCDate(),
    };
    for (const time of schedule.times) {
      const at = zonedInstant(date, time, timeZone);
      if (at.getTime() > after.getTime()) return at;
    }
  }
  // Unreachable: a daily schedule has a time within any two days.
  return new Date(after.getTime() + 24 * 60 * MINUTE);
}
