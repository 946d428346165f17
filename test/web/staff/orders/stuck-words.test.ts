import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../src/web/shared/i18n/i18n.js';
import staffEn from '../../../../src/web/shared/i18n/catalogs/staff/en.js';
import staffPl from '../../../../src/web/shared/i18n/catalogs/staff/pl.js';
import { stuckChoice, filtersFromUrl } from '../../../../src/web/staff/orders/order-filters.js';
import { creatorWords, stuckWords } from '../../../../src/web/staff/orders/stuck-words.js';

const DAY = 86_400_000;
const produced = '2026-11-10T09:00:00.000Z';
const at = (days: number) => Date.parse(produced) + days * DAY;

beforeAll(() => {
  i18n.addResourceBundle('en', 'staff', staffEn);
  i18n.addResourceBundle('pl', 'staff', staffPl);
});
const en = () => i18n.getFixedT('en', 'staff');

describe('stuckWords', () => {
  it('says part dispatched, or how many whole days since produced_at', () => {
    const waiting = { stuck: true, stuck_reason: 'waiting_since' as const, produced_at: produced };
    expect(stuckWords(waiting, at(9.5), en())).toBe('Produced 9 days ago, not dispatched');
    expect(stuckWords(waiting, at(1), en())).toBe('Produced 1 day ago, not dispatched');
    expect(stuckWords(waiting, at(0.2), en())).toBe('Produced today, not dispatched');
    expect(
      stuckWords(
        { stuck: true, stuck_reason: 'partially_dispatched', produced_at: produced },
        at(3),
        en(),
      ),
    ).toBe('Part dispatched');
    expect(
      stuckWords({ stuck: false, stuck_reason: null, produced_at: produced }, at(30), en()),
    ).toBe(null);
  });

  it('says it in Polish, with the plural forms Polish needs', () => {
    const pl = i18n.getFixedT('pl', 'staff');
    const waiting = { stuck: true, stuck_reason: 'waiting_since' as const, produced_at: produced };
    expect(stuckWords(waiting, at(1), pl)).toBe('Wyprodukowane 1 dzień temu, niewysłane');
    expect(stuckWords(waiting, at(3), pl)).toBe('Wyprodukowane 3 dni temu, niewysłane');
    expect(stuckWords(waiting, at(0.5), pl)).toBe('Wyprodukowane dziś, niewysłane');
  });
});

describe('creatorWords', () => {
  it('names a staff user or a key, and nothing for an order of unknown creator', () => {
    expect(creatorWords({ type: 'staff', id: 'stf_1', name: 'Dana' }, en())).toBe('Dana (staff)');
    expect(creatorWords({ type: 'api_key', id: 'key_1', name: 'ERP sync' }, en())).toBe(
      'key “ERP sync”',
    );
    expect(creatorWords(null, en())).toBeNull();
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
