import type { PrinterState, PrinterStateReason, PrintJobStatus } from '../../../contract/enums.js';

/** What a person reads for a printer's state and reasons. */
export const STATE_WORDS: Record<PrinterState, string> = {
  ready: 'Ready',
  printing: 'Printing',
  paused: 'Paused',
  offline: 'Offline',
  error: 'Needs attention',
};

export const REASON_WORDS: Record<PrinterStateReason, string> = {
  paper_out: 'paper out',
  ribbon_out: 'ribbon out',
  head_open: 'head open',
  paused: 'paused',
  unreachable: 'unreachable',
  not_responding: 'not responding',
  other: 'other fault',
};

export const JOB_WORDS: Record<PrintJobStatus, string> = {
  queued: 'Queued',
  sending: 'Printing',
  printed: 'Printed',
  failed: 'Failed',
  interrupted: 'Interrupted',
  cancelled: 'Cancelled',
};

/** "Needs attention: paper out", "Ready". */
export function printerStateText(state: PrinterState, reasons: readonly PrinterStateReason[]) {
  const why = reasons.map((r) => REASON_WORDS[r]).join(', ');
  return why ? `${STATE_WORDS[state]}: ${why}` : STATE_WORDS[state];
}

/** A held job's reason in words ("waits: paper out"). */
export function heldText(reason: string | null): string | null {
  if (!reason) return null;
  return `waits: ${REASON_WORDS[reason as PrinterStateReason] ?? reason}`;
}
