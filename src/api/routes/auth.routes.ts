import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../domain/errors.js';
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
import type { RouteDeps } from '../route-deps.js';
import { actorOf, mayCall } from '../permissions.js';
import { factoryOf, principalOf } from '../route-helpers.js';
import { limitedLogin, permissionsOf } from '../login.js';
import {
  Email,
  LoggedOut,
  LoginBody,
  Me,
  Name,
  Password,
  StaffLoggedIn,
  StaffRole,
  StaffUser,
} from '../schemas/auth.js';
import { IdParams, ListOf, ListQuerySchema, Strict } from '../schemas/common.js';
import { coreOf } from '../idempotency.js';

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
        operationId: 'logInStaff',
        description:
          "Signs a staff user in with email and password. The answer holds an `ss_…` session token valid for `session_ttl_hours`. Failed attempts are limited per address and per email (429 with `retry-after`). For the service's own web app and retailer portal; integrations authenticate with an API key instead.",
        tags: ['auth'],
        summary: 'Log a staff user in: an ss_ session token, valid for session_ttl_hours',
        security: [],
        body: LoginBody,
        response: {
          200: StaffLoggedIn,
        },
      },
    },
    async (request, reply) =>
      limitedLogin(limiters.login, request, reply, 'staff', request.body.email, () =>
        loginStaff(core, request.body),
      ),
  );

  r.post(
    '/v1/auth/logout',
    {
      schema: {
        operationId: 'logOutStaff',
        description:
          "Ends the calling staff session; its token stops working. For the service's own web app and retailer portal; integrations authenticate with an API key instead.",
        tags: ['auth'],
        summary: 'End the calling staff session',
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
        operationId: 'getCurrentCaller',
        description:
          'Who the token belongs to (API key or staff user), their factory, and the operations the token may call.',
        tags: ['auth'],
        summary: 'Who the token belongs to, and the operations it may call',
        response: { 200: Me },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const caller = await describeCaller(core, principal);
      // An API key's scopes narrow what its actor may call.
      const permissions = permissionsOf(actorOf(principal)).filter((route) =>
        mayCall(principal, route),
      );
      return { ...caller, permissions };
    },
  );

  r.post(
    '/v1/staff',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createStaffUser',
        description:
          'Creates a staff user (admin or supervisor) who signs in with email and password.',
        tags: ['staff'],
        summary: 'Create a staff user (admin or supervisor) who logs in with email and password',
        body: Strict({ email: Email, name: Name, role: StaffRole, password: Password }),
        response: { 200: StaffUser },
      },
    },
    async (request) => createStaffUser(coreOf(request, core), factoryOf(request), request.body),
  );

  r.get(
    '/v1/staff',
    {
      schema: {
        operationId: 'listStaffUsers',
        description: 'Lists staff users, newest first.',
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
        operationId: 'getStaffUser',
        description: 'One staff user: email, name, role, and whether they are disabled.',
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
        operationId: 'updateStaffUser',
        description: 'Changes a staff user; a new password or disabling ends their sessions.',
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
    async (request) =>
      updateStaffUser(coreOf(request, core), factoryOf(request), request.params.id, request.body),
  );

  r.delete(
    '/v1/staff/:id',
    {
      schema: {
        operationId: 'disableStaffUser',
        description: 'Disables a staff user and ends their sessions.',
        tags: ['staff'],
        summary: 'Disable a staff user and end their sessions',
        params: IdParams,
        response: { 200: StaffUser },
      },
    },
    async (request) => disableStaffUser(core, factoryOf(request), request.params.id),
  );
}
