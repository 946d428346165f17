/** What a piece's label says (DESIGN §5 "Labels and voiding"), whatever it is printed as. */
export interface PieceLabelContent {
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
