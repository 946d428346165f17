import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from './common.js';

export const VoidedLabel = Type.Object(
  {
    object: Type.Literal('voided_label'),
    barcode: Type.String(),
    voided_at: IsoDateTime,
    reason: Nullable(Type.String()),
    piece_id: Type.String(),
    order_id: Type.String(),
    replacement_barcode: Type.String(),
  },
  { $id: 'VoidedLabel' },
);

export type VoidedLabel = Static<typeof VoidedLabel>;
