import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable, StringEnum } from './common.js';

export const ReturnStatus = StringEnum(['received', 'restocked', 'written_off'] as const);

export const Return = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('return'),
    status: ReturnStatus,
    piece_id: Type.String(),
    order_id: Type.String(),
    order_no: Type.String(),
    barcode: Type.String(),
    reason: Nullable(Type.String()),
    location: Nullable(Type.String()),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
    closed_at: Nullable(IsoDateTime),
  },
  { $id: 'Return' },
);

export type Return = Static<typeof Return>;
