import { Type, type Static } from '@sinclair/typebox';
import { HardwareCheck } from './hardware-check.js';
import { IsoDateTime, Nullable, StringEnum } from './common.js';

export const Role = StringEnum(['produce', 'stock', 'dispatch', 'board'] as const, {
  description:
    'What the device does: scans of one kind, or `board`, a read-only floor board (`/board`) that cannot scan.',
});
export const StationName = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' });
export const Bay = Type.String({ maxLength: 40 });

export const Station = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('station'),
    name: Type.String(),
    role: Role,
    default_location: Nullable(Type.String()),
    paired_at: IsoDateTime,
    last_scan_at: Nullable(IsoDateTime),
    revoked_at: Nullable(IsoDateTime),
    hardware: Nullable(HardwareCheck),
    consignment_id: Nullable(Type.String()),
    printer_id: Nullable(Type.String()),
  },
  { $id: 'Station' },
);

export type Station = Static<typeof Station>;
