import { blankToNull } from '../../domain/text.js';
/** Bounds of an order, shared by the JSON push, the CSV upload and the API schemas. */
export const ORDER_LIMITS = {
  orderNoMax: 64,
  skuMax: 64,
  colourMax: 60,
  pieceNameMax: 60,
  linesMax: 500,
  qtyMax: 10_000,
  piecesPerUnitMax: 100,
  /** Pieces in one order (a 10,000-piece order is routine; this is ten of them). */
  piecesMax: 100_000,
} as const;

export interface CreateOrderLineInput {
  sku: string;
  colour?: string | null | undefined;
  qty: number;
  pieces_per_unit: number;
  piece_names?: string[] | null | undefined;
}

export interface CreateOrderInput {
  order_no: string;
  /** Exactly one of `retailer_id` and `retailer_code`. */
  retailer_id?: string | undefined;
  retailer_code?: string | undefined;
  production_date?: string | null | undefined;
  needed_by?: string | null | undefined;
  lines: CreateOrderLineInput[];
}

/** An input problem, with the field at fault dotted as the API names it (`lines.0.qty`). */
export interface InputIssue {
  param: string;
  code: string;
  message: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Text cleaned the way every order field is stored: trimmed; blank optional text is null. */
export const cleanText = (value: string): string => value.trim();
export const cleanOptional = blankToNull;

/** The order as it is stored: trimmed text, blank colours as null, absent dates as null. */
export interface NormalizedOrder {
  order_no: string;
  production_date: string | null;
  needed_by: string | null;
  lines: {
    sku: string;
    colour: string | null;
    qty: number;
    pieces_per_unit: number;
    piece_names: string[] | null;
  }[];
  pieces_total: number;
}

export function normalizeOrder(input: CreateOrderInput): NormalizedOrder {
  const lines = input.lines.map((line) => ({
    sku: cleanText(line.sku),
    colour: cleanOptional(line.colour),
    qty: line.qty,
    pieces_per_unit: line.pieces_per_unit,
    piece_names:
      line.piece_names === undefined || line.piece_names === null
        ? null
        : line.piece_names.map(cleanText),
  }));
  return {
    order_no: cleanText(input.order_no),
    production_date: cleanOptional(input.production_date),
    needed_by: cleanOptional(input.needed_by),
    lines,
    pieces_total: lines.reduce((sum, l) => sum + l.qty * l.pieces_per_unit, 0),
  };
}

const isIntIn = (n: number, min: number, max: number): boolean =>
  Number.isInteger(n) && n >= min && n <= max;

type AddIssue = (param: string, code: string, message: string) => void;

function collect(check: (add: AddIssue) => void): InputIssue[] {
  const issues: InputIssue[] = [];
  check((param, code, message) => issues.push({ param, code, message }));
  return issues;
}

/**
 * Every rule an order must meet beyond its retailer and uniqueness, as issues (empty when valid).
 * The API's schemas catch most of these first; this is the one authority, so core callers and
 * the CSV upload get the same rules. The size of the whole order is checked once the rest holds.
 */
export function validateOrder(order: NormalizedOrder): InputIssue[] {
  const issues = [...validateOrderFields(order)];
  order.lines.forEach((line, i) => issues.push(...validateLine(line, i)));
  if (issues.length === 0) issues.push(...validateOrderSize(order));
  return issues;
}

/** The order's own fields: `order_no` and its dates. */
export function validateOrderFields(
  order: Pick<NormalizedOrder, 'order_no' | 'production_date' | 'needed_by'>,
): InputIssue[] {
  const L = ORDER_LIMITS;
  return collect((add) => {
    if (order.order_no.length === 0 || order.order_no.length > L.orderNoMax) {
      add('order_no', 'invalid_value', `order_no must be 1 to ${L.orderNoMax} characters.`);
    }
    for (const field of ['production_date', 'needed_by'] as const) {
      const value = order[field];
      if (value !== null && !isIsoDate(value)) {
        add(
          field,
          'invalid_date',
          `${field} must be a date written YYYY-MM-DD, not ${JSON.stringify(value)}.`,
        );
      }
    }
  });
}

/** One line (`index` from 0), its fields named `lines.<index>.<field>`. */
export function validateLine(line: NormalizedOrder['lines'][number], index: number): InputIssue[] {
  const L = ORDER_LIMITS;
  const at = `lines.${index}`;
  return collect((add) => {
    if (line.sku.length === 0 || line.sku.length > L.skuMax) {
      add(`${at}.sku`, 'invalid_value', `${at}.sku must be 1 to ${L.skuMax} characters.`);
    }
    if (line.colour !== null && line.colour.length > L.colourMax) {
      add(
        `${at}.colour`,
        'invalid_value',
        `${at}.colour must be at most ${L.colourMax} characters.`,
      );
    }
    if (!isIntIn(line.qty, 1, L.qtyMax)) {
      add(`${at}.qty`, 'invalid_value', `${at}.qty must be a whole number from 1 to ${L.qtyMax}.`);
    }
    if (!isIntIn(line.pieces_per_unit, 1, L.piecesPerUnitMax)) {
      add(
        `${at}.pieces_per_unit`,
        'invalid_value',
        `${at}.pieces_per_unit must be a whole number from 1 to ${L.piecesPerUnitMax}.`,
      );
    }
    if (line.piece_names !== null) {
      if (line.piece_names.length !== line.pieces_per_unit) {
        add(
          `${at}.piece_names`,
          'piece_names_mismatch',
          `${at}.piece_names must name each of the ${line.pieces_per_unit} pieces of a unit.`,
        );
      }
      const bad = line.piece_names.findIndex((n) => n.length === 0 || n.length > L.pieceNameMax);
      if (bad !== -1) {
        add(
          `${at}.piece_names.${bad}`,
          'invalid_value',
          `${at}.piece_names.${bad} must be 1 to ${L.pieceNameMax} characters.`,
        );
      }
    }
  });
}

/** How many lines and pieces the whole order has (param `lines`). */
export function validateOrderSize(
  order: Pick<NormalizedOrder, 'lines' | 'pieces_total'>,
): InputIssue[] {
  const L = ORDER_LIMITS;
  return collect((add) => {
    if (order.lines.length === 0 || order.lines.length > L.linesMax) {
      add('lines', 'invalid_value', `An order has 1 to ${L.linesMax} lines.`);
    } else if (order.pieces_total > L.piecesMax) {
      add(
        'lines',
        'too_many_pieces',
        `The order has ${order.pieces_total} pieces; at most ${L.piecesMax} are allowed.`,
      );
    }
  });
}

/** `items` of an order (DESIGN §11): each line's SKU and colour, joined by ", ". */
export function itemsOf(lines: readonly { sku: string; colour: string | null }[]): string {
  return lines.map((l) => (l.colour ? `${l.sku} ${l.colour}` : l.sku)).join(', ');
}
