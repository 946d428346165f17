import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from './common.js';

export const ReturnStatus = Type.Union([
  Type.Literal('received'),
  Type.Literal('restocked'),
  Type.Literal('written_off'),
]);

export const Return = Type.Object({
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
});

export type Return = Static<typeof Return>;
