import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import type { Palette } from './colour.js';

/** One column of a terminal table. `value` gives raw data; the table formats it. */
export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
  /** Colours the formatted text of a cell; gets the raw value too. */
  style?: (text: string, raw: unknown, row: T) => string;
  /** Shortened only when nothing else is left to shorten: ids must stay whole to be copied. */
  keep?: boolean;
  /**
   * How useful the column is on a narrow terminal (default 2): the least useful is shortened,
   * then left out, before a more useful one is touched; ties go right to left.
   */
  priority?: number;
}

export interface TableOptions {
  /** Terminal width; columns are shortened or left out (least useful first) until it fits. */
  width?: number | undefined;
  palette: Palette;
  format: (value: unknown) => string;
}

const GAP = '  ';
const MIN_COLUMN = 8;

/** Aligned columns with an upper-case header, as a string ending in a newline. */
export function renderTable<T>(columns: Column<T>[], rows: T[], options: TableOptions): string {
  const cells = rows.map((row) =>
    columns.map((column) => options.format(column.value(row)).replace(/\s*\n\s*/g, ' ')),
  );
  const natural = columns.map((column, index) =>
    Math.max(stringWidth(column.header), ...cells.map((row) => stringWidth(row[index] ?? ''))),
  );
  const widths = fit(natural, columns, options.width);
  const shown = columns.map((_, index) => index).filter((index) => widths[index]! > 0);
  const line = (cell: (index: number) => string) =>
    shown
      .map((index) => pad(cell(index), widths[index]!))
      .join(GAP)
      .trimEnd();
  const lines = [
    line((index) =>
      options.palette.bold(cliTruncate(columns[index]!.header.toUpperCase(), widths[index]!)),
    ),
  ];
  rows.forEach((row, rowIndex) => {
    lines.push(
      line((index) => {
        const column = columns[index]!;
        const text = cliTruncate(cells[rowIndex]![index]!, widths[index]!);
        return column.style ? column.style(text, column.value(row), row) : text;
      }),
    );
  });
  return `${lines.join('\n')}\n`;
}

/**
 * Column widths that fit `available` (0 = left out). The least useful column is shortened to
 * MIN_COLUMN, then left out if that is not enough, before the next is touched; room freed by a
 * column left out goes back to the shortened ones, most useful first. Columns to keep are
 * shortened only when nothing else is left.
 */
function fit<T>(natural: number[], columns: Column<T>[], available: number | undefined): number[] {
  const widths = [...natural];
  if (!available) return widths;
  const total = () => {
    const shown = widths.filter((width) => width > 0);
    return shown.reduce((sum, width) => sum + width, 0) + GAP.length * (shown.length - 1);
  };
  const floor = (index: number) => Math.min(natural[index]!, MIN_COLUMN);
  const leastUsefulFirst = columns
    .map((column, index) => ({ index, priority: column.priority ?? 2, keep: column.keep }))
    .filter((column) => !column.keep)
    .sort((a, b) => a.priority - b.priority || b.index - a.index)
    .map((column) => column.index);
  for (const index of leastUsefulFirst) {
    if (total() <= available) break;
    widths[index] = Math.max(floor(index), widths[index]! - (total() - available));
    if (total() > available) widths[index] = 0;
  }
  // Nothing but columns to keep is left: shorten those too, widest first.
  while (total() > available) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest]! <= MIN_COLUMN) break;
    widths[widest] = Math.max(MIN_COLUMN, widths[widest]! - (total() - available));
  }
  for (const index of [...leastUsefulFirst].reverse()) {
    const room = available - total();
    if (room <= 0) break;
    if (widths[index]! > 0) widths[index] = Math.min(natural[index]!, widths[index]! + room);
  }
  return widths;
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - stringWidth(text)));
}
