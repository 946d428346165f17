import { displayWidth, truncate } from './colour.js';
import type { Palette } from './colour.js';

/** One column of a terminal table. `value` gives raw data; the table formats it. */
export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
  /** Colours the formatted text of a cell; gets the raw value too. */
  style?: (text: string, raw: unknown, row: T) => string;
  /** Never shortened to fit the terminal: ids must stay whole to be copied. */
  keep?: boolean;
}

export interface TableOptions {
  /** Terminal width; columns are shortened (widest first) until the table fits. */
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
  const widths = columns.map((column, index) =>
    Math.max(displayWidth(column.header), ...cells.map((row) => displayWidth(row[index] ?? ''))),
  );
  fit(
    widths,
    columns.map((column) => !column.keep),
    options.width,
  );
  const lines = [
    columns
      .map((column, index) =>
        pad(options.palette.bold(column.header.toUpperCase()), widths[index]!),
      )
      .join(GAP)
      .trimEnd(),
  ];
  rows.forEach((row, rowIndex) => {
    const line = columns.map((column, index) => {
      const text = truncate(cells[rowIndex]![index]!, widths[index]!);
      const styled = column.style ? column.style(text, column.value(row), row) : text;
      return pad(styled, widths[index]!);
    });
    lines.push(line.join(GAP).trimEnd());
  });
  return `${lines.join('\n')}\n`;
}

function fit(widths: number[], shrinkable: boolean[], available: number | undefined): void {
  if (!available) return;
  const total = () =>
    widths.reduce((sum, width) => sum + width, 0) + GAP.length * (widths.length - 1);
  while (total() > available) {
    const candidates = widths.map((width, index) => (shrinkable[index] ? width : 0));
    const widest = candidates.indexOf(Math.max(...candidates));
    if (widths[widest]! <= MIN_COLUMN) return;
    widths[widest] = Math.max(MIN_COLUMN, widths[widest]! - (total() - available));
  }
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
