import type { CliOutputStream } from '../cli-io.js';
import stringWidth from 'string-width';
import { colourEnabled, palette } from './colour.js';
import type { Palette } from './colour.js';
import { isDateTime, relativeTime } from './format-time.js';
import { renderTable } from './table.js';
import type { Column } from './table.js';

export interface OutputOptions {
  stdout: CliOutputStream;
  stderr: CliOutputStream;
  env: Record<string, string | undefined>;
  now: () => Date;
  /** `--json`: JSON even on a terminal. */
  forceJson: boolean;
}

/** Columns for a record's arrays of objects, by field name, typed by the record's own fields. */
export type RecordTables<T> = {
  [K in keyof T]?: NonNullable<T[K]> extends Array<infer E extends object> ? Column<E>[] : never;
};

export interface RecordOptions<T = object> {
  /** Arrays of objects printed as tables after the fields, with these columns. */
  tables?: RecordTables<T>;
  /** Fields left out of the terminal view (they stay in JSON). */
  omit?: string[];
  /** A line printed above the fields on a terminal. */
  title?: string;
}

/**
 * Where command results go. Piped or with `--json`, stdout gets JSON and nothing else (lists as
 * arrays, records as objects, times as the server sent them). On a terminal it gets aligned
 * tables and relative times. stderr carries errors, notices and progress.
 */
export class Output {
  readonly json: boolean;
  readonly stdout: CliOutputStream;
  readonly stderr: CliOutputStream;
  /** Styling for stdout text. */
  readonly style: Palette;
  /** Styling for stderr text (it may be a terminal while stdout is piped). */
  readonly errStyle: Palette;
  private readonly now: () => Date;

  constructor(options: OutputOptions) {
    this.stdout = options.stdout;
    this.stderr = options.stderr;
    this.now = options.now;
    this.json = options.forceJson || !options.stdout.isTTY;
    this.style = palette(!this.json && colourEnabled(options.stdout.isTTY, options.env));
    this.errStyle = palette(colourEnabled(options.stderr.isTTY, options.env));
  }

  get stdoutIsTTY(): boolean {
    return Boolean(this.stdout.isTTY);
  }

  get stderrIsTTY(): boolean {
    return Boolean(this.stderr.isTTY);
  }

  /** A list: a JSON array, or a table with the given columns (all scalar fields by default). */
  list<T extends object>(items: T[], columns?: Column<T>[], empty = 'Nothing to show.'): void {
    if (this.json) return this.writeJson(items);
    if (items.length === 0) {
      this.notice(empty);
      return;
    }
    const chosen = columns ?? (defaultColumns(items) as Column<T>[]);
    this.write(
      renderTable(chosen, items, {
        width: this.stdout.columns,
        palette: this.style,
        format: (value) => this.formatValue(value),
      }),
    );
  }

  /** One record: a JSON object, or `field  value` lines with nested lists as tables. */
  record<T extends object>(value: T, options: RecordOptions<T> = {}): void {
    if (this.json) return this.writeJson(value);
    const rows: Array<[string, string]> = [];
    const tables: Array<[string, Record<string, unknown>[]]> = [];
    // `object` names the record's type, which the command already says.
    const omit = new Set(['object', ...(options.omit ?? [])]);
    const visit = (object: Record<string, unknown>, prefix: string) => {
      for (const [key, field] of Object.entries(object)) {
        const name = prefix + key;
        if (omit.has(name)) continue;
        if (Array.isArray(field) && field.some(isPlainObject)) {
          tables.push([name, field as Record<string, unknown>[]]);
        } else if (isPlainObject(field)) {
          visit(field, `${name}.`);
        } else {
          rows.push([name, this.formatValue(field)]);
        }
      }
    };
    visit(value as Record<string, unknown>, '');
    let text = options.title ? `${this.style.bold(options.title)}\n` : '';
    const width = Math.max(0, ...rows.map(([name]) => stringWidth(name)));
    for (const [name, formatted] of rows) {
      text += `${this.style.dim(name.padEnd(width))}  ${formatted}\n`;
    }
    // Keyed by the record's field names above; nested tables (`a.b`) get the default columns.
    const given = options.tables as Record<string, Column<Record<string, unknown>>[]> | undefined;
    for (const [name, items] of tables) {
      text += `\n${this.style.bold(`${name} (${items.length})`)}\n`;
      const columns = given?.[name] ?? defaultColumns(items);
      text += renderTable(columns, items, {
        width: this.stdout.columns,
        palette: this.style,
        format: (item) => this.formatValue(item),
      });
    }
    this.write(text);
  }

  /** JSON on stdout whatever the mode, for results that have no table form. */
  writeJson(value: unknown): void {
    this.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Raw text on stdout. */
  write(text: string): void {
    this.stdout.write(text);
  }

  /** A status line for a person: on stderr, and only when stderr is a terminal. */
  notice(message: string): void {
    if (this.stderrIsTTY) this.stderr.write(`${message}\n`);
  }

  /** A warning that scripts should see too: always on stderr. */
  warn(message: string): void {
    this.stderr.write(`${this.errStyle.yellow('warning:')} ${message}\n`);
  }

  /** A cell or field as text: relative times on a terminal, `-` for nothing. */
  formatValue(value: unknown): string {
    if (value === null || value === undefined || value === '') return this.style.dim('-');
    if (typeof value === 'boolean') return value ? 'yes' : 'no';
    if (isDateTime(value)) return relativeTime(value, this.now());
    if (Array.isArray(value)) {
      return value.every((item) => !isPlainObject(item))
        ? value.map(String).join(', ')
        : JSON.stringify(value);
    }
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** For records nobody described: every field that is a scalar in the first one, at most eight. */
function defaultColumns(items: object[]): Column<Record<string, unknown>>[] {
  const first = (items[0] ?? {}) as Record<string, unknown>;
  return Object.keys(first)
    .filter((key) => key !== 'object' && !isPlainObject(first[key]) && !Array.isArray(first[key]))
    .slice(0, 8)
    .map((key) => ({ header: key.replace(/_/g, ' '), value: (row) => row[key] }));
}
