import { parse } from 'csv-parse/sync';
import { AppError, type FieldError } from '../../domain/errors.js';
import { normalizeRetailerCode } from '../retailers/retailers.js';
import {
  ORDER_LIMITS,
  normalizeOrder,
  validateOrder,
  type CreateOrderLineInput,
  type NormalizedOrder,
} from './order-input.js';

/** Limits of one upload (DESIGN §3: 10 MiB, enforced by the HTTP layer, and 50,000 rows). */
export const CSV_LIMITS = {
  rowsMax: 50_000,
  /** Pieces across the whole upload: it is written in one transaction. */
  piecesMax: 200_000,
  /** Problems listed in one answer; the count in the message covers them all. */
  errorsMax: 100,
} as const;

export const CSV_COLUMNS = [
  'order_no',
  'retailer_code',
  'sku',
  'colour',
  'qty',
  'pieces_per_unit',
  'production_date',
  'needed_by',
  'piece_names',
] as const;
type Column = (typeof CSV_COLUMNS)[number];

const REQUIRED_COLUMNS: readonly Column[] = [
  'order_no',
  'retailer_code',
  'sku',
  'qty',
  'pieces_per_unit',
];

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

/**
 * Reads an orders CSV (header row required; names in any case and order; BOM, CRLF, quoted
 * fields and embedded commas or newlines all fine) into orders, or row-level problems. Rows are
 * numbered as a spreadsheet shows them: the header is row 1. Rows with the same `order_no` and
 * `retailer_code` are the lines of one order, and must agree on its dates. Blank rows are
 * skipped. Only the shape is checked here; retailers and existing orders are the caller's.
 *
 * Throws `invalid_csv` when the file cannot be read as CSV or its header is wrong, and
 * `payload_too_large` beyond `CSV_LIMITS.rowsMax` data rows.
 */
export function parseOrdersCsv(text: string): ParsedCsv {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (err) {
    const e = err as { message?: string; records?: number };
    throw new AppError('invalid_csv', {
      message: 'The file could not be read as CSV; nothing was imported.',
      errors: [
        {
          row: (e.records ?? 0) + 1,
          code: 'malformed_csv',
          message: e.message ?? 'The file is not valid CSV.',
        },
      ],
    });
  }

  const columns = readHeader(records[0]);
  const blank = (record: string[]) => record.every((cell) => cell.trim() === '');
  let dataRows = 0;
  for (let i = 1; i < records.length; i++) if (!blank(records[i]!)) dataRows++;
  if (dataRows > CSV_LIMITS.rowsMax) {
    throw new AppError('payload_too_large', {
      message: `The file has ${dataRows} rows; at most ${CSV_LIMITS.rowsMax} are allowed per upload.`,
    });
  }
  if (dataRows === 0) {
    throw csvError([{ row: 2, code: 'no_rows', message: 'The file has a header but no orders.' }]);
  }

  const errors: FieldError[] = [];
  const fail = (row: number, column: Column | undefined, code: string, message: string) =>
    errors.push({ row, ...(column ? { column } : {}), code, message });

  interface Group {
    retailer_code: string;
    order_no: string;
    production_date: string;
    needed_by: string;
    rows: number[];
    lines: CreateOrderLineInput[];
    broken: boolean;
  }
  const groups = new Map<string, Group>();

  for (let i = 1; i < records.length; i++) {
    const record = records[i]!;
    const row = i + 1;
    if (blank(record)) continue;
    if (record.length !== columns.length) {
      fail(
        row,
        undefined,
        'column_count',
        `Row ${row} has ${record.length} cells; the header has ${columns.length}.`,
      );
      continue;
    }
    const cell = (name: Column): string => {
      const at = columns.indexOf(name);
      return at === -1 ? '' : record[at]!.trim();
    };
    const before = errors.length;
    for (const name of REQUIRED_COLUMNS) {
      if (cell(name) === '') fail(row, name, 'required', `${name} is required.`);
    }
    const whole = (name: 'qty' | 'pieces_per_unit'): number => {
      const value = cell(name);
      if (value !== '' && !WHOLE.test(value)) {
        fail(row, name, 'invalid_integer', `${name} must be a whole number, not "${value}".`);
      }
      return Number(value);
    };
    const qty = whole('qty');
    const piecesPerUnit = whole('pieces_per_unit');
    const names = cell('piece_names');

    const orderNo = cell('order_no');
    const retailerCode = normalizeRetailerCode(cell('retailer_code'));
    const key = `${retailerCode}\u0000${orderNo}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        retailer_code: retailerCode,
        order_no: orderNo,
        production_date: cell('production_date'),
        needed_by: cell('needed_by'),
        rows: [],
        lines: [],
        broken: false,
      };
      groups.set(key, group);
    } else {
      for (const name of ['production_date', 'needed_by'] as const) {
        if (cell(name) !== group[name]) {
          fail(
            row,
            name,
            'inconsistent_order',
            `${name} differs from row ${group.rows[0]}, an earlier row of order ${orderNo}.`,
          );
        }
      }
    }
    group.rows.push(row);
    group.lines.push({
      sku: cell('sku'),
      colour: cell('colour'),
      qty,
      pieces_per_unit: piecesPerUnit,
      piece_names: names === '' ? null : names.split('|'),
    });
    if (errors.length > before) group.broken = true;
  }

  const orders: CsvOrder[] = [];
  for (const group of groups.values()) {
    const order = normalizeOrder({
      order_no: group.order_no,
      retailer_code: group.retailer_code,
      production_date: group.production_date,
      needed_by: group.needed_by,
      lines: group.lines,
    });
    // A group whose rows already failed would only repeat those problems.
    if (!group.broken) {
      for (const issue of validateOrder(order)) {
        const { row, column } = locate(issue.param, issue.code, group.rows);
        fail(row, column, issue.code, describe(issue.param, issue.message));
      }
    }
    orders.push({ retailer_code: group.retailer_code, rows: group.rows, order });
  }
  return { orders, errors };
}

function readHeader(header: string[] | undefined): Column[] {
  if (!header || header.every((c) => c.trim() === '')) {
    throw csvError([
      {
        row: 1,
        code: 'missing_header',
        message: `The first row must name the columns: ${CSV_COLUMNS.join(', ')}.`,
      },
    ]);
  }
  const errors: FieldError[] = [];
  const columns = header.map((c) => c.trim().toLowerCase()) as Column[];
  columns.forEach((name, i) => {
    if (!(CSV_COLUMNS as readonly string[]).includes(name)) {
      errors.push({
        row: 1,
        column: name,
        code: 'unknown_column',
        message: `"${header[i]}" is not a known column; the columns are ${CSV_COLUMNS.join(', ')}.`,
      });
    } else if (columns.indexOf(name) !== i) {
      errors.push({
        row: 1,
        column: name,
        code: 'duplicate_column',
        message: `${name} appears twice.`,
      });
    }
  });
  for (const name of REQUIRED_COLUMNS) {
    if (!columns.includes(name)) {
      errors.push({
        row: 1,
        column: name,
        code: 'missing_column',
        message: `The ${name} column is required.`,
      });
    }
  }
  if (errors.length > 0) throw csvError(errors);
  return columns;
}

/** The row and column of an order-level issue (`lines.2.qty` is the third row's qty). */
function locate(
  param: string,
  code: string,
  rows: readonly number[],
): { row: number; column: Column | undefined } {
  const parts = param.split('.');
  if (parts[0] === 'lines' && parts[1] !== undefined) {
    return { row: rows[Number(parts[1])]!, column: parts[2] as Column };
  }
  if (parts[0] === 'lines') {
    // Too many lines: the first row past the limit; too many pieces: the last row.
    return code === 'too_many_pieces'
      ? { row: rows[rows.length - 1]!, column: 'qty' }
      : { row: rows[Math.min(ORDER_LIMITS.linesMax, rows.length - 1)]!, column: 'order_no' };
  }
  return { row: rows[0]!, column: parts[0] as Column };
}

/** Order-level messages name JSON fields (`lines.2.qty`); a CSV reader wants the column. */
function describe(param: string, message: string): string {
  const parts = param.split('.');
  if (parts[0] !== 'lines' || parts[2] === undefined) return message;
  return message.replace(param, parts[2]);
}

/** `invalid_csv` with its problems, ordered by row and capped; the message counts them all. */
export function csvError(errors: FieldError[]): AppError {
  const sorted = [...errors].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  const count = sorted.length;
  return new AppError('invalid_csv', {
    message:
      count === 1
        ? 'The CSV file has 1 error; nothing was imported.'
        : `The CSV file has ${count} errors${count > CSV_LIMITS.errorsMax ? ` (the first ${CSV_LIMITS.errorsMax} are listed)` : ''}; nothing was imported.`,
    errors: sorted.slice(0, CSV_LIMITS.errorsMax),
  });
}
