import { Type, type Static } from '@sinclair/typebox';
import type { RecordedScanWithCheck } from '../../core/scans/record-scan.js';
import { REFUSAL_REASONS, SCAN_EVENTS } from '../../domain/scan-rules.js';
import { IsoDateTime, Nullable, Strict, StringEnum } from './common.js';
import { HardwareCheck, HardwareCheckBody } from './hardware-check.js';
import { OrderListItem, Piece } from './orders.js';
import type { Assert, Same } from './same-shape.js';

// Enums and nullables as `type` + `enum` and `type: [t, 'null']` (see Nullable): the answer is
// written by the serializer inline, with no validator run per value.
export const ScanEvent = StringEnum(SCAN_EVENTS);

export const ScanBody = Strict({
  barcode: Type.String({ minLength: 1, maxLength: 128 }),
  location: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  client_scan_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  scanned_at: Type.Optional(IsoDateTime),
  event: Type.Optional(ScanEvent),
  hardware_check: Type.Optional(HardwareCheckBody),
});

/** The answer to POST /v1/scans, and the data of its `scan.recorded` event. */
export const ScanAnswer = Type.Object({
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
  piece: Nullable(Piece),
  order: Nullable(OrderListItem),
  /** Only on a test-label scan that carried the station's hardware check: the check recorded. */
  hardware_check: Type.Optional(HardwareCheck),
});

export type ScanBody = Static<typeof ScanBody>;
export type ScanAnswer = Static<typeof ScanAnswer>;

// Core writes the answer (core/scans/scan-view.ts, with the check record-scan.ts adds): the
// same shape, field for field.
type _CoreView = Assert<Same<ScanAnswer, RecordedScanWithCheck['scan']>>;
