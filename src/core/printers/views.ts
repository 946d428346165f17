import type {
  PrinterLanguage,
  PrinterState,
  PrinterStateReason,
  PrintJobStatus,
} from '../../domain/printing.js';
import type { PrinterRow } from '../../store/printers/printers.repository.js';
import type { PrintJobRow } from '../../store/printers/print-jobs.repository.js';

export interface PrinterView {
  id: string;
  object: 'printer';
  name: string;
  language: PrinterLanguage;
  uri: string;
  dpi: 203 | 300;
  label_size: string;
  state: PrinterState;
  state_reasons: PrinterStateReason[];
  last_seen_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export const toPrinterView = (row: PrinterRow): PrinterView => ({
  id: row.id,
  object: 'printer',
  name: row.name,
  language: row.language,
  uri: row.uri,
  dpi: row.dpi === 300 ? 300 : 203,
  label_size: row.label_size,
  state: row.state,
  state_reasons: JSON.parse(row.state_reasons) as PrinterStateReason[],
  last_seen_at: row.last_seen_at,
  last_error: row.last_error,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export interface PrintJobView {
  id: string;
  object: 'print_job';
  printer_id: string;
  status: PrintJobStatus;
  source: 'order' | 'test_label' | 'consignment';
  order_id: string | null;
  /** What was asked for: "all", "unprinted" or the barcodes. */
  pieces: 'all' | 'unprinted' | string[] | null;
  consignment_id: string | null;
  document: string | null;
  station_id: string | null;
  /** The event of the auto-print rule that queued it; null when a person or program asked. */
  rule_event: string | null;
  /** How many labels (or document pages' worth of labels) it prints. */
  labels: number;
  /** While queued: why it waits (the printer's reason, such as paper_out); else null. */
  held_reason: string | null;
  error: string | null;
  printed_at: string | null;
  created_at: string;
  updated_at: string;
}

function piecesOf(row: PrintJobRow): PrintJobView['pieces'] {
  if (row.pieces === null) return null;
  if (row.pieces === 'all' || row.pieces === 'unprinted') return row.pieces;
  return JSON.parse(row.pieces) as string[];
}

export const toPrintJobView = (row: PrintJobRow): PrintJobView => ({
  id: row.id,
  object: 'print_job',
  printer_id: row.printer_id,
  status: row.status,
  source: row.source,
  order_id: row.order_id,
  pieces: piecesOf(row),
  consignment_id: row.consignment_id,
  document: row.document,
  station_id: row.station_id,
  rule_event: row.rule_event,
  labels: row.labels,
  held_reason: row.status === 'queued' ? row.held_reason : null,
  error: row.error,
  printed_at: row.printed_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});
