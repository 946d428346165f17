/**
 * What a consignment's documents say (DESIGN §15), whatever renders them: the SSCC label of each
 * handling unit and the delivery note. Core fills them from the store; src/labels prints them.
 */

/** One handling unit's label: GS1-128 of (00) + its SSCC, who it is from and for. */
export interface SsccLabelContent {
  sscc: string;
  /** `(00) 0 0400000 000000001 5`: the SSCC as people read it under the bars. */
  sscc_text: string;
  consignment_number: string;
  unit_no: number;
  units_total: number;
  from_name: string;
  retailer_name: string;
  retailer_code: string;
  reference: string | null;
  carrier: string | null;
  pieces: number;
}

export interface DeliveryNotePiece {
  barcode: string;
  piece_no: number;
  piece_name: string | null;
  /** The SSCC of the pallet or cage it is on, if any. */
  sscc: string | null;
}

export interface DeliveryNoteOrder {
  order_no: string;
  /** Pieces of the order on this delivery, and of the order in all. */
  pieces_loaded: number;
  pieces_total: number;
  units: Array<{
    unit_no: number;
    sku: string;
    colour: string | null;
    pieces: DeliveryNotePiece[];
  }>;
}

export interface DeliveryNoteContent {
  number: string;
  status: 'open' | 'closed' | 'cancelled';
  /** When it was closed (the delivery's date), else when it was made. */
  date: string;
  reference: string | null;
  carrier: string | null;
  vehicle: string | null;
  notes: string | null;
  from: { name: string; address: string[]; phone: string | null; vat_number: string | null };
  /** The retailer; `address` its non-empty address lines (none when it has no address). */
  to: { name: string; code: string; address: string[] };
  orders: DeliveryNoteOrder[];
  pieces_loaded: number;
  units_loaded: number;
  handling_units: Array<{ sscc: string; pieces: number }>;
  /** Why the close was forced past the unit check, if it was. */
  close_reason: string | null;
}
