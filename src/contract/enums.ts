// The value lists that more than one face of the product shows or checks: the server's schemas,
// the web app and the command-line client read them from here (the web app and the CLI) or from
// src/domain (the server), so each list is written once. They are the domain's own.
export {
  ORDER_STATUSES,
  PIECE_STATUSES,
  type OrderStatus,
  type PieceStatus,
} from '../domain/order-status.js';
export { EVENT_TYPES, type EventType } from '../domain/event-types.js';
export { API_KEY_SCOPES, type ApiKeyScope } from '../domain/api-key-scopes.js';
export {
  PRINTER_LANGUAGES,
  PRINTER_STATES,
  PRINTER_STATE_REASONS,
  PRINT_JOB_STATUSES,
  PRINT_RULE_EVENTS,
  type PrinterState,
  type PrinterStateReason,
  type PrintJobStatus,
  type PrintRuleEvent,
} from '../domain/printing.js';
