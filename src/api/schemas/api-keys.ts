import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable } from './common.js';

export const ApiKey = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('api_key'),
    name: Type.String(),
    last4: Type.String(),
    created_at: IsoDateTime,
    last_used_at: Nullable(IsoDateTime),
    revoked_at: Nullable(IsoDateTime),
  },
  { $id: 'ApiKey' },
);

export type ApiKey = Static<typeof ApiKey>;
