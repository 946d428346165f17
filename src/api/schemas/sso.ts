import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable, Strict } from './common.js';
import { StaffRole } from './auth.js';

/** A factory's single sign-on (OpenID Connect) settings; the client secret is write-only. */
export const SsoSettings = Type.Object(
  {
    object: Type.Literal('sso_settings'),
    enabled: Type.Boolean(),
    provider_name: Nullable(Type.String()),
    issuer_url: Nullable(Type.String()),
    client_id: Nullable(Type.String()),
    client_secret_set: Type.Boolean({
      description: 'Whether a client secret is stored; the secret itself is never answered.',
    }),
    claim: Type.String(),
    role_map: Type.Record(Type.String(), StaffRole),
    updated_at: Nullable(IsoDateTime),
  },
  { $id: 'SsoSettings' },
);

export const SsoSettingsPatch = Strict(
  {
    provider_name: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    issuer_url: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    client_secret: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    claim: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    role_map: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 200 }), Type.String(), {
        maxProperties: 50,
      }),
    ),
  },
  { $id: 'SsoSettingsPatch' },
);

/** What the sign-in page offers: a button for the provider, when one is set up. */
export const SsoProvider = Type.Object(
  {
    object: Type.Literal('sso_provider'),
    enabled: Type.Boolean(),
    provider_name: Nullable(Type.String()),
    start_url: Nullable(Type.String()),
  },
  { $id: 'SsoProvider' },
);

export const SsoStartQuery = Strict({
  factory: Type.Optional(Type.String({ maxLength: 40 })),
});

export type SsoSettings = Static<typeof SsoSettings>;
export type SsoProvider = Static<typeof SsoProvider>;
