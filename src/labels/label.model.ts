/** What a label says, independent of how it is printed (PDF or ZPL). */

export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** Thermal printer resolutions we print for: 8 and 12 dots per millimetre. */
export const LABEL_DPIS = [203, 300] as const;
export type LabelDpi = (typeof LABEL_DPIS)[number];

/** One label per physical piece. */
export interface PieceLabel {
  kind: 'piece';
  barcode: string;
  order_no: string;
  retailer_name: string;
  sku: string;
  colour: string | null;
  unit_no: number;
  units_total: number;
  piece_no: number;
  pieces_per_unit: number;
  piece_name: string | null;
  /** A calendar date, `YYYY-MM-DD`. */
  needed_by: string | null;
}

/** The hardware test label: a fixed string a station compares with what its scanner read. */
export interface TestLabel {
  kind: 'test';
  text: string;
}

export type Label = PieceLabel | TestLabel;

export function isLabelFormat(value: unknown): value is LabelFormat {
  return (LABEL_FORMATS as readonly unknown[]).includes(value);
}

export function isLabelDpi(value: unknown): value is LabelDpi {
  return (LABEL_DPIS as readonly unknown[]).includes(value);
}
