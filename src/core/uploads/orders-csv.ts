import { AppError, type FieldError } from '../../domain/errors.js';
import { normalizeRetailerCode } from '../retailers/retailers.js';
import { takeTurns } from '../take-turns.js';
import { CsvReader, CsvSyntaxError } from './csv-reader.js';
import {
  CSV_LIMITS,
  REQUIRED_COLUMNS,
  csvError,
  readHeader,
  type Column,
} from './orders-csv-header.js';
import {
  ORDER_LIMITS,
  cleanOptional,
  cleanText,
  validateLine,
  validateOrderFields,
  validateOrderSize,
  type InputIssue,
  type NormalizedOrder,
} from '../orders/order-input.js';

/** One order of an upload: its rows (spreadsheet numbers, one per line) and the order itself. */
export interface CsvOrder {
  retailer_code: string;
  rows: number[];
  order: NormalizedOrder;
}

export interface ParsedCsv {
  orders: CsvOrder[];
  errors: FieldError[];
}

const WHOLE = /^\d+$/;
const DATE_COLUMNS = ['production_date', 'needed_by'] as const;

/** An order as its rows are read. */
interface Group {
  retailer_code: string;
  order_no: string;
  /** The first non-blank value of each date, and the row it came from. */
  production_date: { value: string; row: number } | null;
  needed_by: { value: string; row: number } | null;
  rows: number[];
  lines: NormalizedOrder['lines'];
  /** A row of it has a qty or pieces_per_unit that is not a number: its size is unknown. */
  sizeUnknown: boolean;
}

/**
 * Reads an orders CSV (header row required; names in any case and order; BOM, CRLF, quoted
 * fields and embedded commas or newlines all fine) into orders, or row-level problems: every
 * problem of every row, each with its row and column. Rows are numbered as a spreadsheet shows
 * them: the header is row 1. Rows with the same `order_no` and `retailer_code` are the lines of
 * one order; later rows may leave its dates blank, and only two different dates conflict. Blank
 * rows are skipped. Only the shape is checked here; retailers and existing orders are the
 * caller's.
 *
 * It takes turns with other requests (`turn`, see take-turns.ts) as it goes: a 50,000-row file
 * is read without holding the process for more than a few milliseconds at a time.
 *
 * Throws `invalid_csv` when the file cannot be read as CSV or its header is wrong, and
 * `payload_too_large` beyond `CSV_LIMITS.rowsMax` data rows.
 */
export async function parseOrdersCsv(
  text: string,
  turn: () => Promise<void> | undefined = takeTurns(),
): Promise<ParsedCsv> {
  const reader = new CsvReader(text);
  const read = (): string[] | undefined => {
    try {
      return reader.next();
    } catch (err) {
      if (!(err instanceof CsvSyntaxError)) throw err;
      throw new AppError('invalid_csv', {
        message: 'The file could not be read as CSV; nothing was imported.',
        errors: [{ row: err.row, code: 'malformed_csv', message: err.message }],
      });
    }
  };

  const columns = readHeader(read());
  const at = new Map(columns.map((name, i) => [name, i]));
  const errors: FieldError[] = [];
  const groups = new Map<string, Group>();
  let dataRows = 0;

  for (let record = read(); record !== undefined; record = read()) {
    const wait = turn();
    if (wait) await wait;
    const row = reader.row;
    if (record.every((cell) => cell.trim() === '')) continue;
    if (++dataRows > CSV_LIMITS.rowsMax) {
      throw new AppError('payload_too_large', {
        message: `The file has more than ${CSV_LIMITS.rowsMax} rows; at most ${CSV_LIMITS.rowsMax} are allowed per upload.`,
      });
    }
    if (record.length !== columns.length) {
      errors.push({
        row,
        code: 'column_count',
        message: `Row ${row} has ${record.length} cells; the header has ${columns.length}.`,
      });
      continue;
    }
    readRow(row, (name) => record[at.get(name) ?? -1]?.trim() ?? '', groups, errors);
  }
  if (dataRows === 0) {
    throw csvError([{ row: 2, code: 'no_rows', message: 'The file has a header but no orders.' }]);
  }

  const orders: CsvOrder[] = [];
  for (const group of groups.values()) {
    const lines = group.lines;
    const order: NormalizedOrder = {
      order_no: group.order_no,
      production_date: group.production_date?.value ?? null,
      needed_by: group.needed_by?.value ?? null,
      lines,
      pieces_total: lines.reduce((sum, l) => sum + l.qty * l.pieces_per_unit, 0),
    };
    for (const issue of validateOrderSize(order)) {
      if (issue.code === 'too_many_pieces' && group.sizeUnknown) continue;
      // Too many lines: the first row past the limit; too many pieces: the last row.
      const row =
        issue.code === 'too_many_pieces'
          ? group.rows[group.rows.length - 1]!
          : group.rows[Math.min(ORDER_LIMITS.linesMax, group.rows.length - 1)]!;
      const column = issue.code === 'too_many_pieces' ? 'qty' : 'order_no';
      errors.push({ row, column, code: issue.code, message: issue.message });
    }
    orders.push({ retailer_code: group.retailer_code, rows: group.rows, order });
  }
  return { orders, errors };
}

/** Checks one data row and adds it to its order as a line; every problem found is recorded. */
function readRow(
  row: number,
  cell: (name: Column) => string,
  groups: Map<string, Group>,
  errors: FieldError[],
): void {
  const faulty = new Set<Column>();
  const fail = (column: Column, code: string, message: string) => {
    faulty.add(column);
    errors.push({ row, column, code, message });
  };
  for (const name of REQUIRED_COLUMNS) {
    if (cell(name) === '') fail(name, 'required', `${name} is required.`);
  }
  const whole = (name: 'qty' | 'pieces_per_unit'): number => {
    const value = cell(name);
    if (value !== '' && !WHOLE.test(value)) {
      fail(name, 'invalid_integer', `${name} must be a whole number, not "${value}".`);
    }
    return Number(value);
  };
  const names = cell('piece_names');
  const line = {
    sku: cleanText(cell('sku')),
    colour: cleanOptional(cell('colour')),
    qty: whole('qty'),
    pieces_per_unit: whole('pieces_per_unit'),
    piece_names: names === '' ? null : names.split('|').map(cleanText),
  };
  const orderNo = cleanText(cell('order_no'));
  const dates = {
    production_date: cleanOptional(cell('production_date')),
    needed_by: cleanOptional(cell('needed_by')),
  };
  // The rules of an order, applied to this row's own cells; a column already at fault (blank,
  // not a number) is not reported twice.
  const issues: InputIssue[] = [
    ...validateOrderFields({ order_no: orderNo, ...dates }),
    ...validateLine(line, 0),
  ];
  for (const issue of issues) {
    const { column, message } = columnOf(issue);
    if (!faulty.has(column)) fail(column, issue.code, message);
  }

  const retailerCode = normalizeRetailerCode(cell('retailer_code'));
  const key = `${retailerCode}\u0000${orderNo}`;
  let group = groups.get(key);
  if (!group) {
    group = {
      retailer_code: retailerCode,
      order_no: orderNo,
      production_date: null,
      needed_by: null,
      rows: [],
      lines: [],
      sizeUnknown: false,
    };
    groups.set(key, group);
  }
  for (const name of DATE_COLUMNS) {
    const value = dates[name];
    if (value === null || faulty.has(name)) continue;
    const first = group[name];
    if (first === null) group[name] = { value, row };
    else if (first.value !== value) {
      fail(
        name,
        'inconsistent_order',
        `${name} ${value} differs from ${first.value} on row ${first.row}, an earlier row of order ${orderNo}.`,
      );
    }
  }
  group.rows.push(row);
  group.lines.push(line);
  if (faulty.has('qty') || faulty.has('pieces_per_unit')) group.sizeUnknown = true;
}

/** The column of a rule's issue about one row, and its message in the file's terms. */
function columnOf(issue: InputIssue): { column: Column; message: string } {
  const parts = issue.param.split('.');
  if (parts[0] !== 'lines') return { column: parts[0] as Column, message: issue.message };
  // `lines.0.qty must …` reads `qty must …` in a file.
  const column = parts[2] as Column;
  return { column, message: issue.message.replace(issue.param, column) };
}
