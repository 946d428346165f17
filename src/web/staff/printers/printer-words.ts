import type { TFunction } from 'i18next';
import type {
  PrinterState,
  PrinterStateReason,
  PrintJobStatus,
  PrintRuleEvent,
} from '../../../contract/enums.js';

/** The catalog's key for each printer state, reason, job status and rule event. */
export const STATE_KEYS: Record<PrinterState, string> = {
  ready: 'printers.state.ready',
  printing: 'printers.state.printing',
  paused: 'printers.state.paused',
  offline: 'printers.state.offline',
  error: 'printers.state.error',
};

export const REASON_KEYS: Record<PrinterStateReason, string> = {
  paper_out: 'printers.reason.paper_out',
  ribbon_out: 'printers.reason.ribbon_out',
  head_open: 'printers.reason.head_open',
  paused: 'printers.reason.paused',
  unreachable: 'printers.reason.unreachable',
  not_responding: 'printers.reason.not_responding',
  other: 'printers.reason.other',
};

export const JOB_KEYS: Record<PrintJobStatus, string> = {
  queued: 'printers.job.queued',
  sending: 'printers.job.sending',
  printed: 'printers.job.printed',
  failed: 'printers.job.failed',
  interrupted: 'printers.job.interrupted',
  cancelled: 'printers.job.cancelled',
};

export const RULE_KEYS: Record<PrintRuleEvent, { event: string; hint: string }> = {
  'order.created': {
    event: 'printers.rules.event.order_created',
    hint: 'printers.rules.hint.order_created',
  },
  'label.voided': {
    event: 'printers.rules.event.label_voided',
    hint: 'printers.rules.hint.label_voided',
  },
  'consignment.closed': {
    event: 'printers.rules.event.consignment_closed',
    hint: 'printers.rules.hint.consignment_closed',
  },
};

/** "Needs attention: paper out", "Ready". */
export function printerStateText(
  t: TFunction,
  state: PrinterState,
  reasons: readonly PrinterStateReason[],
): string {
  const why = reasons.map((r) => t(REASON_KEYS[r])).join(', ');
  return why
    ? t('printers.state_why', { state: t(STATE_KEYS[state]), reasons: why })
    : t(STATE_KEYS[state]);
}

/** A held job's reason in words ("waits: paper out"). */
export function heldText(t: TFunction, reason: string | null): string | null {
  if (!reason) return null;
  const key = REASON_KEYS[reason as PrinterStateReason];
  return t('printers.held', { reason: key ? t(key) : reason });
}
