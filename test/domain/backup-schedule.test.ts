import { describe, expect, it } from 'vitest';
import {
  formatBackupSchedule,
  nextBackupAt,
  parseBackupSchedule,
  type BackupSchedule,
} from '../../src/domain/backup-schedule.js';

const parsed = (text: string): BackupSchedule => {
  const schedule = parseBackupSchedule(text);
  if (typeof schedule === 'string') throw new Error(schedule);
  return schedule;
};

describe('backup_schedule', () => {
  it('reads times of day and intervals as an administrator writes them', () => {
    expect(formatBackupSchedule(parsed('2:30'))).toBe('02:30');
    expect(formatBackupSchedule(parsed(' 14:30 ,02:30 '))).toBe('02:30, 14:30');
    expect(formatBackupSchedule(parsed('every 6h'))).toBe('every 6h');
    expect(formatBackupSchedule(parsed('Every 90 minutes'))).toBe('every 90m');
    expect(formatBackupSchedule(parsed('every 120m'))).toBe('every 2h');
  });

  it('refuses what it cannot read, saying what it takes', () => {
    for (const bad of ['25:00', '02:60', 'nightly', '2.30', 'every 5m', 'every', '']) {
      expect(parseBackupSchedule(bad), bad).toEqual(expect.any(String));
    }
    expect(parseBackupSchedule('every 5m')).toMatch(/every 15 minutes/);
    expect(parseBackupSchedule('nightly')).toMatch(/02:30/);
  });

  it('is due at the next such time in the factory’s zone, across clock changes', () => {
    const at = (text: string, after: string, zone = 'Europe/London') =>
      nextBackupAt(parsed(text), new Date(after), zone).toISOString();
    // Winter: London is UTC.
    expect(at('02:30', '2026-01-05T01:00:00Z')).toBe('2026-01-05T02:30:00.000Z');
    expect(at('02:30', '2026-01-05T02:30:00Z')).toBe('2026-01-06T02:30:00.000Z');
    // Summer: 02:30 in London is 01:30 UTC.
    expect(at('02:30', '2026-07-01T00:00:00Z')).toBe('2026-07-01T01:30:00.000Z');
    expect(at('02:30, 14:30', '2026-07-01T02:00:00Z')).toBe('2026-07-01T13:30:00.000Z');
    // The night clocks go forward (29 March 2026, 01:00 → 02:00 UTC+1): 02:30 exists once.
    expect(at('02:30', '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('02:30', '2026-01-05T01:00:00Z', 'America/New_York')).toBe(
      '2026-01-05T07:30:00.000Z',
    );
    expect(at('every 6h', '2026-01-05T01:00:00Z')).toBe('2026-01-05T07:00:00.000Z');
  });
});
