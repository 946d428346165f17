import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { recordScan } from '../../core/scans/record-scan.js';
import { AppError } from '../../domain/errors.js';
import { PIECE_STATUSES } from '../../domain/order-status.js';
import { REFUSAL_REASONS, SCAN_EVENTS } from '../../domain/scan-rules.js';
import type { RouteDeps } from '../app.js';
import { principalOf } from '../route-helpers.js';
import { IsoDateTime, Nullable, Strict, StringEnum } from '../schemas/common.js';
import { HardwareCheck, HardwareCheckBody } from '../schemas/hardware-check.js';
import { OrderListItemSchema } from './orders.routes.js';

// Enums and nullables as `type` + `enum` and `type: [t, 'null']` (see Nullable): the answer is
// written by the serializer inline, with no validator run per value.
const ScanEvent = StringEnum(SCAN_EVENTS);

const ScanPiece = Type.Object({
  id: Type.String(),
  barcode: Type.String(),
  line_no: Type.Integer(),
  unit_no: Type.Integer(),
  piece_no: Type.Integer(),
  piece_name: Nullable(Type.String()),
  status: StringEnum(PIECE_STATUSES),
  location: Nullable(Type.String()),
  produced_at: Nullable(IsoDateTime),
  in_stock_at: Nullable(IsoDateTime),
  dispatched_at: Nullable(IsoDateTime),
  label_printed_at: Nullable(IsoDateTime),
});

const ScanAnswer = Type.Object({
  id: Type.String(),
  object: Type.Literal('scan'),
  accepted: Type.Boolean(),
  reason: Nullable(StringEnum(REFUSAL_REASONS)),
  message: Type.String(),
  event: ScanEvent,
  barcode: Type.String(),
  location: Nullable(Type.String()),
  station: Type.String(),
  station_id: Type.String(),
  client_scan_id: Nullable(Type.String()),
  scanned_at: Nullable(IsoDateTime),
  at: IsoDateTime,
  test_label: Type.Boolean(),
  piece: Nullable(ScanPiece),
  order: Nullable(OrderListItemSchema),
  /** Only on a test-label scan that carried the station's hardware check: the check recorded. */
  hardware_check: Type.Optional(HardwareCheck),
});

export const ScanAnswerSchema = ScanAnswer;

export async function scansRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/scans',
    {
      schema: {
        tags: ['scans'],
        summary:
          "Record a scan of the station's kind (station token only); accepted and refused scans both answer 200",
        body: Strict({
          barcode: Type.String({ minLength: 1, maxLength: 128 }),
          location: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
          client_scan_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          scanned_at: Type.Optional(IsoDateTime),
          event: Type.Optional(ScanEvent),
          hardware_check: Type.Optional(HardwareCheckBody),
        }),
        response: { 200: ScanAnswer },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      // The permissions table admits station tokens only; this narrows the type.
      if (principal.kind !== 'station') throw new AppError('forbidden');
      const { json, replayed } = await recordScan(core, principal, request.body);
      if (replayed) reply.header('idempotent-replayed', 'true');
      // The answer is the event's data, already written as JSON: sent as is, not serialized
      // again. Its fields are the schema's (test/api/scans.test.ts checks them).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );
}
