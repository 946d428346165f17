/** Every event type a webhook endpoint can subscribe to (DESIGN §6). */
export const EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.stuck',
  'order.cancelled',
  'scan.recorded',
  'label.voided',
  'return.created',
  'return.restocked',
  'return.written_off',
  'station.paired',
  'station.hardware_checked',
  // The integrator's contract (DESIGN §19).
  'order.updated',
  // Scheduled backups (docs/operate.md, "Backups").
  'backup.completed',
  'backup.failed',
  // Dispatch (DESIGN §15).
  'consignment.created',
  'consignment.closed',
  'consignment.cancelled',
  'print_job.printed',
  'print_job.failed',
  'printer.status_changed',
  // The live floor (DESIGN §16).
  'order.at_risk',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
