import { Type } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Strict, StringEnum } from './common.js';

const InputMode = StringEnum(['keyboard', 'camera', 'android_intent'] as const);
const Suffix = StringEnum(['enter', 'tab', 'none'] as const);

/**
 * A scanner hardware check as a station's set-up screen measured it (spec 4.7): the body of
 * POST /v1/stations/{id}/hardware-check, and the `hardware_check` a test-label scan may carry.
 */
export const HardwareCheckBody = Strict(
  {
    scanner_label: Type.Optional(Type.String({ maxLength: 100 })),
    input_mode: InputMode,
    suffix: Suffix,
    avg_char_ms: Type.Optional(Type.Number({ minimum: 0, maximum: 60_000 })),
    code128_ok: Type.Optional(Type.Boolean()),
    qr_ok: Type.Optional(Type.Boolean()),
    layout_ok: Type.Optional(Type.Boolean()),
    passed: Type.Boolean(),
    notes: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { $id: 'HardwareCheckCreate' },
);

/** A recorded check: a station's `hardware`, and one entry of its history. */
export const HardwareCheck = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('hardware_check'),
    station_id: Type.String(),
    scanner_label: Nullable(Type.String()),
    input_mode: InputMode,
    suffix: Suffix,
    avg_char_ms: Nullable(Type.Number()),
    code128_ok: Nullable(Type.Boolean()),
    qr_ok: Nullable(Type.Boolean()),
    layout_ok: Nullable(Type.Boolean()),
    passed: Type.Boolean(),
    notes: Nullable(Type.String()),
    checked_at: IsoDateTime,
  },
  { $id: 'HardwareCheck' },
);
