import { Type, type Static } from '@sinclair/typebox';
import { MAX_PASSWORD_LENGTH } from '../../core/sessions/credentials.js';
import { IsoDateTime, Nullable, Strict, StringEnum } from './common.js';

export const StaffRole = StringEnum(['admin', 'supervisor'] as const);
export const Email = Type.String({ minLength: 1, maxLength: 254 });
export const Name = Type.String({ minLength: 1, maxLength: 200 });
/** The length rule (at least 10) is checked by the use case, with a sentence that says so. */
export const Password = Type.String({ maxLength: MAX_PASSWORD_LENGTH });

export const StaffUser = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('staff_user'),
    email: Type.String(),
    name: Type.String(),
    role: StaffRole,
    disabled: Type.Boolean(),
    disabled_at: Nullable(IsoDateTime),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  },
  { $id: 'StaffUser' },
);

export const LoginBody = Strict(
  {
    email: Email,
    password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
  },
  { $id: 'LogIn' },
);

export const LoggedOut = Type.Object(
  {
    object: Type.Literal('session'),
    id: Type.String(),
    revoked_at: IsoDateTime,
  },
  { $id: 'SessionEnded' },
);

const Factory = Type.Object({ id: Type.String(), name: Type.String() });
const Session = Type.Object({ id: Type.String(), expires_at: IsoDateTime });

/** GET /v1/auth/me: who the token belongs to. */
export const Me = Type.Object(
  {
    kind: StringEnum(['api_key', 'staff', 'retailer', 'station'] as const),
    factory: Factory,
    user: Type.Optional(
      Type.Object({
        id: Type.String(),
        email: Type.String(),
        name: Type.String(),
        role: Type.String(),
      }),
    ),
    api_key: Type.Optional(Type.Object({ id: Type.String(), name: Type.String() })),
    session: Type.Optional(Session),
    permissions: Type.Array(Type.String()),
  },
  { $id: 'Caller' },
);

export const StaffLoggedIn = Type.Object(
  {
    token: Type.String(),
    expires_at: IsoDateTime,
    user: StaffUser,
  },
  { $id: 'StaffSession' },
);

export type StaffUser = Static<typeof StaffUser>;
export type LoggedOut = Static<typeof LoggedOut>;
export type Me = Static<typeof Me>;
export type StaffLoggedIn = Static<typeof StaffLoggedIn>;
