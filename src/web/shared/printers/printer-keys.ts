import type { PrinterState, PrinterStateReason } from '../../../contract/enums.js';

/**
 * The staff catalog's key for each printer state and reason: the Printers screen and the floor
 * board say them alike (docs/languages.md).
 */
export const PRINTER_STATE_KEYS: Record<PrinterState, string> = {
  ready: 'printers.state.ready',
  printing: 'printers.state.printing',
  paused: 'printers.state.paused',
  offline: 'printers.state.offline',
  error: 'printers.state.error',
};

export const PRINTER_REASON_KEYS: Record<PrinterStateReason, string> = {
  paper_out: 'printers.reason.paper_out',
  ribbon_out: 'printers.reason.ribbon_out',
  head_open: 'printers.reason.head_open',
  paused: 'printers.reason.paused',
  unreachable: 'printers.reason.unreachable',
  not_responding: 'printers.reason.not_responding',
  other: 'printers.reason.other',
};
