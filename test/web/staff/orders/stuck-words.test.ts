import { describe, expect, it } from 'vitest';
import { stuckChoice, filtersFromUrl } from '../../../../src/web/staff/orders/order-filters.js';
import { creatorWords, stuckWords } from '../../../../src/web/staff/orders/stuck-words.js';

const DAY = 86_400_000;
const produced = '2026-11-10T09:00:00.000Z';
const at = (days: number) => Date.parse(produced) + days * DAY;

describe('stuckWords', () => {
  it('says part dispatched, or how many whole days since produced_at', () => {
    const waiting = { stuck: true, stuck_reason: 'waiting_since' as const, produced_at: produced };
    expect(stuckWords(waiting, at(9.5))).toBe('Produced 9 days ago, not dispatched');
    expect(stuckWords(waiting, at(1))).toBe('Produced 1 day ago, not dispatched');
    expect(stuckWords(waiting, at(0.2))).toBe('Produced today, not dispatched');
    expect(
      stuckWords(
        { stuck: true, stuck_reason: 'partially_dispatched', produced_at: produced },
        at(3),
      ),
    ).toBe('Part dispatched');
    expect(stuckWords({ stuck: false, stuck_reason: null, produced_at: produced }, at(30))).toBe(
      null,
    );
  });
});

describe('creatorWords', () => {
  it('names a staff user or a key, and nothing for an order of unknown creator', () => {
    expect(creatorWords({ type: 'staff', id: 'stf_1', name: 'Dana' })).toBe('Dana (staff)');
    expect(creatorWords({ type: 'api_key', id: 'key_1', name: 'ERP sync' })).toBe('key “ERP sync”');
    expect(creatorWords(null)).toBeNull();
  });
});

describe('the stuck filter', () => {
  it('makes a reason mean stuck too, and clears the reason with any other choice', () => {
    expect(stuckChoice('waiting_since')).toEqual({ stuck: true, stuck_reason: 'waiting_since' });
    expect(stuckChoice('true')).toEqual({ stuck: true, stuck_reason: undefined });
    expect(stuckChoice('false')).toEqual({ stuck: false, stuck_reason: undefined });
    expect(stuckChoice('')).toEqual({ stuck: undefined, stuck_reason: undefined });
  });

  it('reads a reason from the URL, leaving out one the API would refuse', () => {
    expect(
      filtersFromUrl(new URLSearchParams('stuck=true&stuck_reason=partially_dispatched')),
    ).toEqual({
      stuck: true,
      stuck_reason: 'partially_dispatched',
    });
    expect(filtersFromUrl(new URLSearchParams('stuck_reason=late'))).toEqual({});
    expect(filtersFromUrl(new URLSearchParams('stuck=false&stuck_reason=waiting_since'))).toEqual({
      stuck: false,
    });
  });
});
