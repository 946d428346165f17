/** Printers and print jobs (DESIGN §14): the states, reasons and rules every face shares. */

export const PRINTER_LANGUAGES = ['zpl', 'pdf'] as const;
export type PrinterLanguage = (typeof PRINTER_LANGUAGES)[number];

export const PRINTER_STATES = ['ready', 'printing', 'paused', 'offline', 'error'] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

export const PRINTER_STATE_REASONS = [
  'paper_out',
  'ribbon_out',
  'head_open',
  'paused',
  'unreachable',
  'not_responding',
  'other',
] as const;
export type PrinterStateReason = (typeof PRINTER_STATE_REASONS)[number];

export const PRINT_JOB_STATUSES = [
  'queued',
  'sending',
  'printed',
  'failed',
  'interrupted',
  'cancelled',
] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** The events an auto-print rule may name. */
export const PRINT_RULE_EVENTS = ['order.created', 'label.voided', 'consignment.closed'] as const;
export type PrintRuleEvent = (typeof PRINT_RULE_EVENTS)[number];

export interface PrinterStatus {
  state: PrinterState;
  reasons: PrinterStateReason[];
  /** What went wrong talking to the printer, in words; null when it answered. */
  error: string | null;
}

/** A printer may take a job: ready, or printing (a printer's own buffer queues). */
export function canPrint(state: PrinterState): boolean {
  return state === 'ready' || state === 'printing';
}

/** The reason a printer's queue waits, from its state: its first reason, else its state. */
export function heldReasonOf(status: Pick<PrinterStatus, 'state' | 'reasons'>): string | null {
  if (canPrint(status.state)) return null;
  return status.reasons[0] ?? status.state;
}

/** A printer's address: `tcp://host:port` for ZPL, `ipp://` or `ipps://` for PDF. */
export interface PrinterAddress {
  scheme: 'tcp' | 'ipp' | 'ipps';
  host: string;
  port: number;
  /** The IPP resource path (`/ipp/print`, `/printers/NAME`); '' for tcp. */
  path: string;
}

/** The printer's address, or a sentence saying what is wrong with it. */
export function parsePrinterUri(uri: string, language: PrinterLanguage): PrinterAddress | string {
  let url: URL;
  try {
    url = new URL(uri.trim());
  } catch {
    return `"${uri}" is not a URI; use tcp://host:9100 for ZPL or ipp://host/path for PDF.`;
  }
  const scheme = url.protocol.slice(0, -1);
  if (!url.hostname) return 'The printer URI must name a host.';
  if (url.username || url.password || url.search || url.hash) {
    return 'The printer URI must not carry a user, password, query or #.';
  }
  if (language === 'zpl') {
    if (scheme !== 'tcp') return 'A ZPL printer is reached raw over TCP: tcp://host:9100.';
    if (url.pathname !== '' && url.pathname !== '/') return 'A tcp:// URI has no path.';
    return { scheme, host: bare(url.hostname), port: Number(url.port || 9100), path: '' };
  }
  if (scheme !== 'ipp' && scheme !== 'ipps') {
    return 'A PDF printer is reached over IPP: ipp://host[:port]/path or ipps://….';
  }
  return {
    scheme,
    host: bare(url.hostname),
    port: Number(url.port || 631),
    path: url.pathname === '' ? '/' : url.pathname,
  };
}

/** A host as sockets take it: an IPv6 address without its brackets. */
const bare = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * What of a consignment a printer prints when nobody says (the `consignment.closed` rule): a PDF
 * printer the delivery note, a ZPL label printer the SSCC labels of its handling units.
 */
export const consignmentDocumentFor = (language: string): 'delivery_note' | 'sscc_labels' =>
  language === 'zpl' ? 'sscc_labels' : 'delivery_note';
