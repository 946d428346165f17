import { describe, expect, it } from 'vitest';
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import { colourEnabled, palette } from '../../src/cli/output/colour.js';
import { formatBytes, relativeTime } from '../../src/cli/output/format-time.js';
import { renderTable } from '../../src/cli/output/table.js';
import { createProgress } from '../../src/cli/output/progress.js';
import { MemoryStream } from './helpers/memory-io.js';
import type { CliOutputStream } from '../../src/cli/cli-io.js';

const now = new Date('2026-11-22T10:00:00.000Z');

describe('relativeTime', () => {
  it.each([
    ['2026-11-22T09:59:50.000Z', 'just now'],
    ['2026-11-22T09:57:00.000Z', '3 min ago'],
    ['2026-11-22T10:09:00.000Z', 'in 9 min'],
    ['2026-11-22T08:00:00.000Z', '2 h ago'],
    ['2026-11-21T10:00:00.000Z', '1 day ago'],
    ['2026-11-17T10:00:00.000Z', '5 days ago'],
    ['2026-01-05T10:00:00.000Z', '2026-01-05'],
  ])('shows %s as "%s"', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });
});

describe('colour', () => {
  it('is on for a terminal only, and off with NO_COLOR or a dumb terminal', () => {
    expect(colourEnabled(true, {})).toBe(true);
    expect(colourEnabled(false, {})).toBe(false);
    expect(colourEnabled(undefined, {})).toBe(false);
    expect(colourEnabled(true, { NO_COLOR: '1' })).toBe(false);
    expect(colourEnabled(true, { NO_COLOR: '' })).toBe(true);
    expect(colourEnabled(true, { TERM: 'dumb' })).toBe(false);
  });

  it('measures text as the terminal shows it', () => {
    expect(stringWidth(palette(true).red('abc'))).toBe(3);
    expect(stringWidth('日本')).toBe(4);
    expect(cliTruncate('SOFA-3S Grey, STOOL Oak', 10)).toBe('SOFA-3S G…');
    expect(stringWidth(cliTruncate('日本語テキスト', 7))).toBeLessThanOrEqual(7);
  });
});

describe('renderTable', () => {
  const rows = [
    { id: 'ord_1', status: 'in_stock', items: 'SOFA-3S Grey' },
    { id: 'ord_22', status: 'dispatched', items: 'STOOL Oak, SOFA-3S Grey, TABLE Walnut' },
  ];
  const columns = [
    { header: 'id', value: (row: (typeof rows)[number]) => row.id },
    { header: 'status', value: (row: (typeof rows)[number]) => row.status },
    { header: 'items', value: (row: (typeof rows)[number]) => row.items },
  ];

  it('aligns columns under upper-case headers', () => {
    const text = renderTable(columns, rows, { palette: palette(false), format: String });
    expect(text).toBe(
      [
        'ID      STATUS      ITEMS',
        'ord_1   in_stock    SOFA-3S Grey',
        'ord_22  dispatched  STOOL Oak, SOFA-3S Grey, TABLE Walnut',
        '',
      ].join('\n'),
    );
  });

  it('shortens, then leaves out, the least useful column first; ids stay whole', () => {
    const ranked = [
      { header: 'id', value: (row: (typeof rows)[number]) => row.id, keep: true },
      { header: 'status', value: (row: (typeof rows)[number]) => row.status, priority: 3 },
      { header: 'items', value: (row: (typeof rows)[number]) => row.items, priority: 1 },
      { header: 'created', value: () => '3 days ago', priority: 0 },
    ];
    const render = (width: number) =>
      renderTable(ranked, rows, { palette: palette(false), format: String, width });
    // 6 + 10 + 37 + 10 and three gaps: 69 columns is enough for all.
    expect(render(69)).toContain('STOOL Oak, SOFA-3S Grey, TABLE Walnut  3 days ago');
    // `created` goes before `items` is touched; the room it frees goes to `items`.
    expect(render(60).split('\n')[2]).toBe(
      'ord_22  dispatched  STOOL Oak, SOFA-3S Grey, TABLE Walnut',
    );
    expect(render(40).split('\n')).toEqual([
      'ID      STATUS      ITEMS',
      'ord_1   in_stock    SOFA-3S Grey',
      'ord_22  dispatched  STOOL Oak, SOFA-3S …',
      '',
    ]);
    // Too narrow for `items` even at 8: it is left out rather than cut to nothing.
    expect(render(22)).toBe(
      ['ID      STATUS', 'ord_1   in_stock', 'ord_22  dispatched', ''].join('\n'),
    );
    // Only then is the column to keep cut, and a header never wraps: it is cut too.
    for (const line of render(12).trimEnd().split('\n'))
      expect(stringWidth(line)).toBeLessThanOrEqual(12);
  });

  it('shortens the widest column to fit the terminal', () => {
    const text = renderTable(columns, rows, { palette: palette(false), format: String, width: 40 });
    for (const line of text.trimEnd().split('\n'))
      expect(stringWidth(line)).toBeLessThanOrEqual(40);
    expect(text).toContain('…');
  });
});

describe('progress', () => {
  it('draws on a terminal stderr and ends the line', () => {
    const stderr = new MemoryStream(true);
    const progress = createProgress(stderr as unknown as CliOutputStream, 'uploading');
    progress.update(500, 1000);
    progress.update(1000, 1000);
    progress.finish();
    expect(stderr.text).toContain('50%');
    expect(stderr.text).toContain('100% 1.0 kB / 1.0 kB');
    expect(stderr.text.endsWith('\n')).toBe(true);
  });

  it('writes nothing when stderr is not a terminal', () => {
    const stderr = new MemoryStream(false);
    const progress = createProgress(stderr as unknown as CliOutputStream, 'uploading');
    progress.update(500, 1000);
    progress.finish();
    expect(stderr.text).toBe('');
  });

  it('formats sizes', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1500)).toBe('1.5 kB');
    expect(formatBytes(10_500_000)).toBe('10.5 MB');
  });
});
