import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../domain/errors.js';
import { MAX_PASSWORD_LENGTH, normalizeEmail } from '../../core/sessions/credentials.js';
import { revokeSession } from '../../core/sessions/sessions.js';
import { describeCaller } from '../../core/sessions/who-am-i.js';
import { loginStaff } from '../../core/staff/staff-login.js';
import {
  createStaffUser,
  disableStaffUser,
  getStaffUser,
  listStaffUsers,
  updateStaffUser,
} from '../../core/staff/staff-users.js';
import type { Limiters, RouteDeps } from '../app.js';
import { ROUTE_ACCESS, actorOf, type Actor } from '../permissions.js';
import { factoryOf, principalOf } from '../route-helpers.js';
import {
  IdParams,
  IsoDateTime,
  ListOf,
  ListQuerySchema,
  Nullable,
  Strict,
} from '../schemas/common.js';

const StaffRole = Type.Union([Type.Literal('admin'), Type.Literal('supervisor')]);
const Email = Type.String({ minLength: 1, maxLength: 254 });
const Name = Type.String({ minLength: 1, maxLength: 200 });
/** The length rule (at least 10) is checked by the use case, with a sentence that says so. */
const Password = Type.String({ maxLength: MAX_PASSWORD_LENGTH });

const StaffUser = Type.Object({
  id: Type.String(),
  object: Type.Literal('staff_user'),
  email: Type.String(),
  name: Type.String(),
  role: StaffRole,
  disabled: Type.Boolean(),
  disabled_at: Nullable(IsoDateTime),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export const LoginBody = Strict({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
});

export const LoggedOut = Type.Object({
  object: Type.Literal('session'),
  id: Type.String(),
  revoked_at: IsoDateTime,
});

const Factory = Type.Object({ id: Type.String(), name: Type.String() });
const Session = Type.Object({ id: Type.String(), expires_at: IsoDateTime });

const Me = Type.Object({
  kind: Type.Union([
    Type.Literal('api_key'),
    Type.Literal('staff'),
    Type.Literal('retailer'),
    Type.Literal('station'),
  ]),
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
});

/**
 * The operations an actor may call, as the permission table names them (`POST /v1/returns`),
 * in the table's order. Routes that need no token are left out: everyone may call them.
 */
export function permissionsOf(actor: Actor): string[] {
  return Object.entries(ROUTE_ACCESS)
    .filter(([, access]) => access !== 'public' && access.includes(actor))
    .map(([route]) => route);
}

/**
 * Runs a login under the failure limits: per client address and per account (the lower-cased
 * email). Only wrong credentials count; over either limit the answer is 429 with retry-after,
 * before any password is checked.
 */
export async function limitedLogin<T>(
  limiters: Limiters,
  request: FastifyRequest,
  email: string,
  login: () => Promise<T>,
): Promise<T> {
  const address = request.ip;
  const account = normalizeEmail(email);
  await limiters.loginByAddress.check(address);
  await limiters.loginByAccount.check(account);
  try {
    return await login();
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_credentials') {
      await limiters.loginByAddress.fail(address);
      await limiters.loginByAccount.fail(account);
    }
    throw err;
  }
}

/** Staff sign-in (`/v1/auth/…`) and the administration of staff users (`/v1/staff…`). */
export async function authRoutes(
  app: FastifyInstance,
  { core, limiters }: RouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log a staff user in: an ss_ session token, valid for session_ttl_hours',
        hide: true,
        security: [],
        body: LoginBody,
        response: {
          200: Type.Object({ token: Type.String(), expires_at: IsoDateTime, user: StaffUser }),
        },
      },
    },
    async (request) =>
      limitedLogin(limiters, request, request.body.email, () => loginStaff(core, request.body)),
  );

  r.post(
    '/v1/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the calling staff session',
        hide: true,
        response: { 200: LoggedOut },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (principal.kind !== 'staff') throw new AppError('forbidden');
      const { revoked_at } = await revokeSession(core, principal.factoryId, principal.sessionId);
      return { object: 'session' as const, id: principal.sessionId, revoked_at };
    },
  );

  r.get(
    '/v1/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who the token belongs to, and the operations it may call',
        response: { 200: Me },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const caller = await describeCaller(core, principal);
      return {
        ...caller,
        kind: caller.kind as 'api_key' | 'staff',
        user: caller.user as {
          id: string;
          email: string;
          name: string;
          role: 'admin' | 'supervisor';
        },
        permissions: permissionsOf(actorOf(principal)),
      };
    },
  );

  r.post(
    '/v1/staff',
    {
      config: { idempotent: true },
      schema: {
        tags: ['staff'],
        summary: 'Create a staff user (admin or supervisor) who logs in with email and password',
        body: Strict({ email: Email, name: Name, role: StaffRole, password: Password }),
        response: { 200: StaffUser },
      },
    },
    async (request) => createStaffUser(core, factoryOf(request), request.body),
  );

  r.get(
    '/v1/staff',
    {
      schema: {
        tags: ['staff'],
        summary: 'List staff users, newest first',
        querystring: ListQuerySchema,
        response: { 200: ListOf(StaffUser) },
      },
    },
    async (request) => listStaffUsers(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/staff/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'One staff user',
        params: IdParams,
        response: { 200: StaffUser },
      },
    },
    async (request) => getStaffUser(core, factoryOf(request), request.params.id),
  );

  r.patch(
    '/v1/staff/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Change a staff user; a new password or disabling ends their sessions',
        params: IdParams,
        body: Strict({
          name: Type.Optional(Name),
          role: Type.Optional(StaffRole),
          password: Type.Optional(Password),
          disabled: Type.Optional(Type.Boolean()),
        }),
        response: { 200: StaffUser },
      },
    },
    async (request) => updateStaffUser(core, factoryOf(request), request.params.id, request.body),
  );

  r.delete(
    '/v1/staff/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Disable a staff user and end their sessions',
        params: IdParams,
        response: { 200: StaffUser },
      },
    },
    async (request) => disableStaffUser(core, factoryOf(request), request.params.id),
  );
}
