import { Type, type Static } from '@sinclair/typebox';
import type { LedgerScanView } from '../../core/scans/list-scans.js';
import type { RecordedScanWithCheck } from '../../core/scans/record-scan.js';
import { REFUSAL_REASONS, SCAN_EVENTS } from '../../domain/scan-rules.js';
import { OPERATOR_LANGUAGES } from '../../domain/operator-badge.js';
import { IsoDateTime, ListQuery, Nullable, Strict, StringEnum } from './common.js';
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

/** Of GET /v1/scans: the scan ledger's filters (DESIGN §17). */
export const ScanListQuery = Type.Object(
  {
    ...ListQuery,
    station_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'Only scans by this station.' }),
    ),
    operator_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Only scans made while this operator was signed in at the station.',
      }),
    ),
    order_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: "Only scans of this order's pieces.",
      }),
    ),
    result: Type.Optional(
      StringEnum(['accepted', 'refused'] as const, {
        description: 'Only accepted scans, or only refused ones.',
      }),
    ),
    from: Type.Optional({
      ...IsoDateTime,
      description: 'Only scans recorded at or after this instant (inclusive).',
    }),
    to: Type.Optional({
      ...IsoDateTime,
      description: 'Only scans recorded before this instant (exclusive).',
    }),
    format: Type.Optional(
      StringEnum(['json', 'csv'] as const, {
        description:
          '`csv` answers every scan the filters select, from `starting_after` on, as CSV (text/csv) with a header line, `limit` aside; so does `Accept: text/csv`. Default: a JSON page.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** A scan of the ledger, as GET /v1/scans lists it: who scanned what, where, and the verdict. */
export const LedgerScan = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('scan'),
    barcode: Type.String({ description: 'What was scanned, as read.' }),
    event: ScanEvent,
    result: StringEnum(['accepted', 'refused'] as const),
    reason: Nullable(
      StringEnum(REFUSAL_REASONS, {
        description: 'Why a refused scan was refused; null when accepted.',
      }),
    ),
    location: Nullable(Type.String()),
    test_label: Type.Boolean({ description: "A scan of the station's hardware-check label." }),
    client_scan_id: Nullable(Type.String()),
    scanned_at: Nullable({
      ...IsoDateTime,
      description:
        "When the station says it scanned (a buffered scan's own time); null when it did not say.",
    }),
    at: {
      ...IsoDateTime,
      description: 'When the scan was recorded: the time `from` and `to` filter on.',
    },
    station: Type.Object(
      { id: Type.String(), name: Type.String() },
      { description: 'The station, with its name as it was when it scanned.' },
    ),
    operator: Nullable(
      Type.Object(
        { id: Type.String(), name: Type.String() },
        { description: 'The operator signed in at the station when it scanned (DESIGN §17).' },
      ),
    ),
    order: Nullable(
      Type.Object(
        { id: Type.String(), order_no: Type.String() },
        { description: "The scanned piece's order; null when the barcode was no piece's." },
      ),
    ),
    piece_id: Nullable(Type.String()),
    consignment_id: Nullable(
      Type.String({ description: 'The consignment an accepted dispatch scan loaded into.' }),
    ),
    handling_unit_id: Nullable(Type.String()),
  },
  { $id: 'LedgerScan' },
);

export type ScanListQuery = Static<typeof ScanListQuery>;
type _LedgerView = Assert<Same<Static<typeof LedgerScan>, LedgerScanView>>;
