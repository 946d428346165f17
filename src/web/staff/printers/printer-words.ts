import type { TFunction } from 'i18next';
import type {
  PrinterState,
  PrinterStateReason,
  PrintJobStatus,
  PrintRuleEvent,
} from '../../../contract/enums.js';
import { PRINTER_REASON_KEYS, PRINTER_STATE_KEYS } from '../../shared/printers/printer-keys.js';

/** The catalog's key for each job status and rule event (states and reasons: shared/printers). */
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
  const why = reasons.map((r) => t(PRINTER_REASON_KEYS[r])).join(', ');
  return why
    ? t('printers.state_why', { state: t(PRINTER_STATE_KEYS[state]), reasons: why })
    : t(PRINTER_STATE_KEYS[state]);
}

/** A held job's reason in words ("waits: paper out"). */
export function heldText(t: TFunction, reason: string | null): string | null {
  if (!reason) return null;
  const key = PRINTER_REASON_KEYS[reason as PrinterStateReason];
  return t('printers.held', { reason: key ? t(key) : reason });
}
