import { Type, type Static } from '@sinclair/typebox';
import type { RecordedScanWithCheck } from '../../core/scans/record-scan.js';
import { REFUSAL_REASONS, SCAN_EVENTS } from '../../domain/scan-rules.js';
import { OPERATOR_LANGUAGES } from '../../domain/operator-badge.js';
import { IsoDateTime, Nullable, Strict, StringEnum } from './common.js';
import { HardwareCheck, HardwareCheckBody } from './hardware-check.js';
import { PieceStatusOut } from './orders.js';
import type { Assert, Same } from './same-shape.js';

// Enums and nullables as `type` + `enum` and `type: [t, 'null']` (see Nullable): the answer is
// written by the serializer inline, with no validator run per value.
export const ScanEvent = StringEnum(SCAN_EVENTS);

export const ScanBody = Strict(
  {
    barcode: Type.String({ minLength: 1, maxLength: 128 }),
    location: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
    client_scan_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    scanned_at: Type.Optional(IsoDateTime),
    event: Type.Optional(ScanEvent),
    hardware_check: Type.Optional(HardwareCheckBody),
  },
  { $id: 'ScanCreate' },
);

/** Of the piece scanned, what the station's operator is shown (core/scans/scan-view.ts). */
export const StationPiece = Type.Object(
  {
    id: Type.String(),
    barcode: Type.String(),
    line_no: Type.Integer(),
    unit_no: Type.Integer(),
    piece_no: Type.Integer(),
    piece_name: Nullable(Type.String()),
    status: PieceStatusOut,
  },
  { $id: 'StationPiece' },
);

/** Of the piece's order, its number and retailer and what unit and piece counts are out of. */
export const StationOrder = Type.Object(
  {
    order_no: Type.String(),
    retailer_name: Type.String(),
    pieces_per_unit: Type.Integer(),
    lines: Type.Array(Type.Object({ qty: Type.Integer(), pieces_per_unit: Type.Integer() })),
  },
  { $id: 'StationOrder' },
);

/** What a dispatch station loads into (DESIGN §15), as a scan's answer shows it. */
export const ScanConsignment = Type.Object(
  {
    id: Type.String(),
    number: Type.String(),
    retailer_name: Type.String(),
    open: Type.Boolean(),
    handling_unit: Nullable(Type.Object({ id: Type.String(), sscc: Type.String() })),
    pieces_loaded: Type.Optional(Type.Integer()),
    pieces_to_load: Type.Optional(Type.Integer()),
  },
  { $id: 'ScanConsignment' },
);

/**
 * The answer to POST /v1/scans: the station's view. The `scan.recorded` event carries the same
 * scan with its piece and order in full (docs/webhooks.md).
 */
export const ScanAnswer = Type.Object(
  {
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
    operator_id: Nullable(
      Type.String({ description: 'The operator the scan is recorded as made by (DESIGN §17).' }),
    ),
    operator: Nullable(
      Type.Object(
        {
          id: Type.String(),
          name: Type.String(),
          language: StringEnum(OPERATOR_LANGUAGES),
        },
        {
          description:
            'Who is signed in at the station after this scan: a badge signs its operator in, the sign-out badge (OP SIGNOUT) out.',
        },
      ),
    ),
    piece: Nullable(StationPiece),
    order: Nullable(StationOrder),
    consignment_id: Nullable(Type.String()),
    handling_unit_id: Nullable(Type.String()),
    consignment: Nullable(ScanConsignment),
    /** Only on a test-label scan that carried the station's hardware check: the check recorded. */
    hardware_check: Type.Optional(HardwareCheck),
  },
  { $id: 'Scan' },
);

export type ScanBody = Static<typeof ScanBody>;
export type ScanAnswer = Static<typeof ScanAnswer>;

// Core writes the answer (core/scans/scan-view.ts, with the check record-scan.ts adds): the
// same shape, field for field.
type _CoreView = Assert<Same<ScanAnswer, RecordedScanWithCheck['scan']>>;
