import { Type, type Static } from '@sinclair/typebox';
import { API_KEY_SCOPES } from '../../domain/api-key-scopes.js';
import { IsoDateTime, Nullable, StringEnum } from './common.js';

export const ApiKeyScope = StringEnum(API_KEY_SCOPES);

export const ApiKey = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('api_key'),
    name: Type.String(),
    last4: Type.String(),
    scopes: Type.Array(ApiKeyScope, {
      description: 'What the key may call (docs/permissions.md, "API key scopes").',
    }),
    created_at: IsoDateTime,
    last_used_at: Nullable(IsoDateTime),
    expires_at: Nullable({
      ...IsoDateTime,
      description: 'When the key stops working; null = never.',
    }),
    revoked_at: Nullable(IsoDateTime),
  },
  { $id: 'ApiKey' },
);

/** A key as created or rolled: with the plain key, shown this once. */
export const CreatedApiKey = Type.Object(
  {
    ...ApiKey.properties,
    key: Type.String({ description: 'The key itself (`fk_…`): shown this once, never stored.' }),
  },
  { $id: 'ApiKeyCreated', description: 'The new key: `key` is shown this once.' },
);

/** A roll's answer: the new key (shown once) and the old one with the end of its overlap. */
export const RolledApiKey = Type.Object(
  {
    ...CreatedApiKey.properties,
    previous: ApiKey,
  },
  { $id: 'ApiKeyRolled' },
);

export type ApiKey = Static<typeof ApiKey>;
