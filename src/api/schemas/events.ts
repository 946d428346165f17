import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../core/events.js';
import type { EventType } from '../../domain/event-types.js';
import { ORDER_STATUSES } from '../../domain/order-status.js';
import { TEST_EVENT_TYPE } from '../../core/webhooks/test-event.js';
import { IsoDateTime, Nullable, StringEnum } from './common.js';
import { HardwareCheck } from './hardware-check.js';
import { VoidedLabel } from './items.js';
import { OrderListItem, Piece } from './orders.js';
import { BackupRun } from './backups.js';
import { Consignment, HandlingUnit } from './consignments.js';
import { Printer, PrintJob } from './printers.js';
import { Return } from './returns.js';
import { ScanAnswer } from './scans.js';
import { Station } from './stations.js';

/**
 * What factoryd POSTs to a webhook endpoint, per event type (docs/webhooks.md): the envelope
 * `{type, timestamp, data}`, each type's `data` a named schema. The OpenAPI document's 3.1
 * `webhooks` object is built from this table; a new event type does not compile until it has its
 * entry here.
 */
const envelope = (type: string, name: string, data: TSchema) =>
  Type.Object(
    {
      type: Type.Literal(type),
      timestamp: Type.String({ format: 'date-time', description: 'When the event happened.' }),
      data,
    },
    { $id: name },
  );

const OrderChange = Type.Object({
  order_id: Type.String(),
  order_no: Type.String(),
  retailer_id: Type.String(),
});
const OrderStatus = StringEnum(ORDER_STATUSES);

/** The data of `scan.recorded`: the scan with its piece and order in full. */
const {
  piece: _piece,
  order: _order,
  hardware_check: _check,
  ...scanFields
} = ScanAnswer.properties;
export const ScanRecorded = Type.Object(
  { ...scanFields, piece: Nullable(Piece), order: Nullable(OrderListItem) },
  { $id: 'ScanRecord' },
);

export const WEBHOOK_EVENTS: Record<
  EventType | typeof TEST_EVENT_TYPE,
  { description: string; schema: TSchema }
> = {
  'order.created': {
    description: 'An order was pushed or uploaded. `data` is the order without pieces and scans.',
    schema: envelope('order.created', 'OrderCreatedEvent', OrderListItem),
  },
  'order.status_changed': {
    description: "A scan, return, void or cancel changed an order's status.",
    schema: envelope(
      'order.status_changed',
      'OrderStatusChangedEvent',
      Type.Object({
        ...OrderChange.properties,
        from: OrderStatus,
        to: OrderStatus,
        order: OrderListItem,
      }),
    ),
  },
  'order.stuck': {
    description:
      'An order became stuck (partially dispatched, or waiting longer than stuck_after_days): once per episode.',
    schema: envelope(
      'order.stuck',
      'OrderStuckEvent',
      Type.Object({ ...OrderChange.properties, stuck_since: IsoDateTime, order: OrderListItem }),
    ),
  },
  'order.updated': {
    description:
      'An order was changed before production (PATCH /v1/orders/{id}). `data` is the order after the change.',
    schema: envelope('order.updated', 'OrderUpdatedEvent', OrderListItem),
  },
  'order.cancelled': {
    description: 'An order was cancelled. `data` is the order (`status: cancelled`).',
    schema: envelope('order.cancelled', 'OrderCancelledEvent', OrderListItem),
  },
  'scan.recorded': {
    description:
      'A station recorded a scan, accepted or refused; `data` has its piece and order in full.',
    schema: envelope('scan.recorded', 'ScanRecordedEvent', ScanRecorded),
  },
  'label.voided': {
    description: 'A label was voided; its piece has a replacement barcode.',
    schema: envelope('label.voided', 'LabelVoidedEvent', VoidedLabel),
  },
  'return.created': {
    description: 'A dispatched piece came back (`status: received`).',
    schema: envelope('return.created', 'ReturnCreatedEvent', Return),
  },
  'return.restocked': {
    description: 'A return went back to stock at a bay (`status: restocked`).',
    schema: envelope('return.restocked', 'ReturnRestockedEvent', Return),
  },
  'return.written_off': {
    description: 'A return was written off (`status: written_off`).',
    schema: envelope('return.written_off', 'ReturnWrittenOffEvent', Return),
  },
  'station.paired': {
    description: 'A station was paired. `data` is the station, never its token.',
    schema: envelope('station.paired', 'StationPairedEvent', Station),
  },
  'station.hardware_checked': {
    description: 'A scanner hardware check was recorded for a station.',
    schema: envelope('station.hardware_checked', 'StationHardwareCheckedEvent', HardwareCheck),
  },
  'backup.completed': {
    description: 'A scheduled backup was written and verified. `data` is the run.',
    schema: envelope('backup.completed', 'BackupCompletedEvent', BackupRun),
  },
  'backup.failed': {
    description:
      'A scheduled backup failed (a full disk, a copy that did not verify): no file was left. `data` is the run, with `error`.',
    schema: envelope('backup.failed', 'BackupFailedEvent', BackupRun),
  },
  'consignment.created': {
    description: 'A consignment was opened. `data` is the consignment.',
    schema: envelope('consignment.created', 'ConsignmentCreatedEvent', Consignment),
  },
  'consignment.closed': {
    description:
      'A consignment was closed: `data` is the consignment with its handling units and what left on it, order by order.',
    schema: envelope(
      'consignment.closed',
      'ConsignmentClosedEvent',
      Type.Object(
        {
          ...Consignment.properties,
          handling_units: Type.Array(HandlingUnit),
          orders: Type.Array(
            Type.Object({
              id: Type.String(),
              order_no: Type.String(),
              pieces: Type.Array(
                Type.Object({
                  id: Type.String(),
                  barcode: Type.String(),
                  unit_no: Type.Integer(),
                  piece_no: Type.Integer(),
                  handling_unit_id: Nullable(Type.String()),
                }),
              ),
            }),
          ),
        },
        { $id: 'ClosedConsignment' },
      ),
    ),
  },
  'consignment.cancelled': {
    description: 'An empty consignment was cancelled. `data` is the consignment.',
    schema: envelope('consignment.cancelled', 'ConsignmentCancelledEvent', Consignment),
  },
  'print_job.printed': {
    description: 'The printer confirmed a print job. `data` is the job.',
    schema: envelope('print_job.printed', 'PrintJobPrintedEvent', PrintJob),
  },
  'print_job.failed': {
    description:
      'A print job failed or was cut off (`status: failed | interrupted`): a person decides about a reprint. `data` is the job.',
    schema: envelope('print_job.failed', 'PrintJobFailedEvent', PrintJob),
  },
  'printer.status_changed': {
    description:
      "A printer's state or reasons changed. `data` is the printer and what it was before.",
    schema: envelope(
      'printer.status_changed',
      'PrinterStatusChangedEvent',
      Type.Object(
        {
          ...Printer.properties,
          previous_state: Printer.properties.state,
          previous_state_reasons: Printer.properties.state_reasons,
        },
        { $id: 'PrinterStatusChange' },
      ),
    ),
  },
  'order.at_risk': {
    description:
      "An open order's dispatch forecast first fell after its needed_by day: once per episode (docs/live.md).",
    schema: envelope(
      'order.at_risk',
      'OrderAtRiskEvent',
      Type.Object(
        {
          order_id: Type.String(),
          order_no: Type.String(),
          retailer_id: Type.String(),
          needed_by: Nullable(Type.String({ format: 'date' })),
          forecast_dispatch_at: Nullable(IsoDateTime),
          at_risk_since: IsoDateTime,
        },
        { $id: 'OrderAtRisk' },
      ),
    ),
  },
  [TEST_EVENT_TYPE]: {
    description:
      'Sent by POST /v1/webhooks/{id}/test only; no endpoint subscribes to it. Answer it 2xx.',
    schema: envelope(
      TEST_EVENT_TYPE,
      'WebhookTestEvent',
      Type.Object({
        endpoint_id: Type.String(),
        url: Type.String(),
        message: Type.String(),
      }),
    ),
  },
};

/** An event of the outbox, as webhooks carry it (`data` is the delivery body's `data`). */
export const Event = Type.Object(
  {
    id: Type.String({ description: 'The event id: the `webhook-id` header of its deliveries.' }),
    object: Type.Literal('event'),
    type: StringEnum(EVENT_TYPES),
    created_at: IsoDateTime,
    data: Type.Unknown({ description: 'The payload, as the webhook body’s `data`.' }),
  },
  { $id: 'Event' },
);

export type Event = Static<typeof Event>;
