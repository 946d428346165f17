import { AppError, type FieldError } from '../../domain/errors.js';

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
export type Column = (typeof CSV_COLUMNS)[number];

export const REQUIRED_COLUMNS: readonly Column[] = [
  'order_no',
  'retailer_code',
  'sku',
  'qty',
  'pieces_per_unit',
];

/** Reads the header row: the columns in the file's order, lower-cased. */
export function readHeader(header: string[] | undefined): Column[] {
  if (!header || header.every((c) => c.trim() === '')) {
    throw csvError([
      {
        row: 1,
        code: 'missing_header',
        message: `The first row must name the columns: ${CSV_COLUMNS.join(', ')}.`,
      },
    ]);
  }
  const known = (name: string) => (CSV_COLUMNS as readonly string[]).includes(name);
  const columns = header.map((c) => c.trim().toLowerCase()) as Column[];
  // A spreadsheet set to a comma-decimal locale saves "CSV" with semicolons.
  if (columns.length === 1 && columns[0]!.split(';').some((name) => known(name.trim()))) {
    throw csvError([
      {
        row: 1,
        code: 'semicolon_separated',
        message:
          'The header separates its columns with semicolons, not commas. Save the file as CSV ' +
          'with commas (in a spreadsheet: "CSV UTF-8 (comma delimited)"), or change the ' +
          'separator to a comma, and upload it again.',
      },
    ]);
  }
  const errors: FieldError[] = [];
  columns.forEach((name, i) => {
    if (!known(name)) {
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
