import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Principal } from '../../core/auth/principal.js';
import { Readable } from 'node:stream';
import { exportPortalOrders } from '../../core/orders/portal-orders-csv.js';
import {
  getPortalOrder,
  listPortalOrders,
  type RetailerScope,
} from '../../core/orders/portal-orders.js';
import {
  createPasswordLink,
  setPasswordByLink,
  setRetailerUserPassword,
} from '../../core/retailer-users/password-links.js';
import { listPortalUsers } from '../../core/retailer-users/portal-users.js';
import { loginRetailerUser } from '../../core/retailer-users/retailer-login.js';
import { revokeSession } from '../../core/sessions/sessions.js';
import { describePortalCaller } from '../../core/sessions/who-am-i.js';
import { AppError } from '../../domain/errors.js';
import { forecastOf } from '../../core/forecast/forecast.js';
import type { RouteDeps } from '../route-deps.js';
import { principalOf } from '../route-helpers.js';
import { coreOf } from '../idempotency.js';
import { limitedLogin, permissionsOf } from '../login.js';
import { LoggedOut, LoginBody } from '../schemas/auth.js';
import { IdParams, ListOf, ListQuerySchema, PathParam, Strict } from '../schemas/common.js';
import {
  Password,
  PasswordLink,
  PasswordSetByLink,
  RetailerUser,
} from '../schemas/retailer-users.js';
import { originOf } from '../request-origin.js';
import { Type } from '@sinclair/typebox';
import {
  PortalFilterQuery,
  PortalListQuery,
  PortalMe,
  PortalLoggedIn,
  PortalOrder,
  PortalOrderListItem,
} from '../schemas/portal.js';

const UidParams = Type.Object({ uid: PathParam() });

type RetailerPrincipal = Extract<Principal, { kind: 'retailer' }>;

/** The portal routes only admit retailer sessions (the permission table); this narrows the type. */
function retailerOf(principal: Principal): RetailerPrincipal {
  if (principal.kind !== 'retailer') throw new AppError('forbidden');
  return principal;
}

/** Every portal query is scoped by the session's factory and retailer, never by the request. */
const scopeOf = (principal: RetailerPrincipal): RetailerScope => ({
  factoryId: principal.factoryId,
  retailerId: principal.retailerId,
});

/**
 * The retailer portal: retailer users log in and read their own retailer's orders, and nothing
 * else. Another retailer's order is 404, as if it did not exist.
 */
export async function portalRoutes(
  app: FastifyInstance,
  { core, limiters }: RouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/portal/auth/login',
    {
      schema: {
        operationId: 'logInRetailerUser',
        description:
          "Signs a retailer user in to the portal. The answer holds an `rs_…` session token. Failed attempts are limited per address and per email (429 with `retry-after`). For the service's own web app and retailer portal; integrations authenticate with an API key instead.",
        tags: ['portal'],
        summary: 'Log a retailer user in to the portal: an rs_ session token',
        security: [],
        body: LoginBody,
        response: {
          200: PortalLoggedIn,
        },
      },
    },
    async (request, reply) =>
      limitedLogin(limiters.login, request, reply, 'portal', request.body.email, () =>
        loginRetailerUser(core, request.body),
      ),
  );

  r.post(
    '/v1/portal/auth/set-password',
    {
      schema: {
        operationId: 'setRetailerUserPasswordByLink',
        description:
          "Sets a retailer user's password with the token of a set-password link (single use). Needs no session. For the service's own web app and retailer portal; integrations authenticate with an API key instead.",
        tags: ['portal'],
        summary: "Set a retailer user's password with a set-password link's token (single use)",
        security: [],
        body: Strict({
          token: Type.String({ minLength: 1, maxLength: 200 }),
          password: Password,
        }),
        response: { 200: PasswordSetByLink },
      },
    },
    async (request) => {
      // Counted with failed logins from the same address: guessing tokens is guessing passwords.
      const address = request.ip;
      await limiters.login.address.check(address);
      try {
        return await setPasswordByLink(core, request.body);
      } catch (err) {
        if (err instanceof AppError && err.code === 'invalid_password_link') {
          await limiters.login.address.fail(address);
        }
        throw err;
      }
    },
  );

  r.post(
    '/v1/portal/auth/logout',
    {
      schema: {
        operationId: 'logOutRetailerUser',
        description:
          "Ends the calling portal session. For the service's own web app and retailer portal; integrations authenticate with an API key instead.",
        tags: ['portal'],
        summary: 'End the calling portal session',
        response: { 200: LoggedOut },
      },
    },
    async (request) => {
      const principal = retailerOf(principalOf(request));
      const { revoked_at } = await revokeSession(core, principal.factoryId, principal.sessionId);
      return { object: 'session' as const, id: principal.sessionId, revoked_at };
    },
  );

  r.get(
    '/v1/portal/auth/me',
    {
      schema: {
        operationId: 'getPortalCaller',
        description: 'The portal user, their retailer, and the operations the session may call.',
        tags: ['portal'],
        summary: 'The portal user, their retailer, and the operations the session may call',
        response: {
          200: PortalMe,
        },
      },
    },
    async (request) => {
      const principal = retailerOf(principalOf(request));
      const caller = await describePortalCaller(core, principal);
      // The table cannot tell portal roles apart; the owner-only routes are offered to owners.
      const permissions = permissionsOf('retailer').filter(
        (route) => caller.user?.role === 'owner' || !route.includes(' /v1/portal/users'),
      );
      return { ...caller, permissions };
    },
  );

  r.get(
    '/v1/portal/orders',
    {
      schema: {
        operationId: 'listPortalOrders',
        description: "The calling retailer's own orders, newest first, with each line's progress.",
        tags: ['portal'],
        summary: "The retailer's own orders, newest first",
        querystring: PortalListQuery,
        response: { 200: ListOf(PortalOrderListItem) },
      },
    },
    async (request) =>
      listPortalOrders(core, scopeOf(retailerOf(principalOf(request))), request.query),
  );

  r.get(
    '/v1/portal/orders.csv',
    {
      schema: {
        operationId: 'exportPortalOrders',
        description: "The retailer's orders that match the filters, every page, as one CSV file.",
        tags: ['portal'],
        summary: "The retailer's orders that match the filters, every page, as CSV",
        querystring: PortalFilterQuery,
        response: {
          200: {
            description:
              'UTF-8 CSV with a byte-order mark and a heading row, one order a row, newest first.',
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(retailerOf(principalOf(request)));
      const { fileName, chunks } = await exportPortalOrders(core, scope, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  );

  r.get(
    '/v1/portal/orders/:id',
    {
      schema: {
        operationId: 'getPortalOrder',
        description:
          "One of the retailer's own orders, by id or order_no: its lines' progress and pieces. Another retailer's order is 404.",
        tags: ['portal'],
        summary: "One of the retailer's orders (by id or order_no): its lines' progress and pieces",
        params: IdParams,
        response: { 200: PortalOrder },
      },
    },
    async (request) => {
      const scope = scopeOf(retailerOf(principalOf(request)));
      const order = await getPortalOrder(core.db, scope, request.params.id, core.clock.now());
      // The expected dispatch date; whether the factory counts it at risk stays inside.
      const { forecast_dispatch_at } = await forecastOf(core, scope.factoryId, order.id);
      return { ...order, forecast_dispatch_at };
    },
  );

  r.get(
    '/v1/portal/users',
    {
      schema: {
        operationId: 'listPortalUsers',
        description: "The retailer's own users, newest first (an owner only).",
        tags: ['portal'],
        summary: "The retailer's own users, newest first (an owner only)",
        querystring: ListQuerySchema,
        response: { 200: ListOf(RetailerUser) },
      },
    },
    async (request) => {
      const principal = retailerOf(principalOf(request));
      return listPortalUsers(core, principal, request.query);
    },
  );

  r.post(
    '/v1/portal/users/:uid/password',
    {
      schema: {
        operationId: 'setPortalUserPassword',
        description:
          "Sets a new password for one of the retailer's users (an owner only); their sessions end.",
        tags: ['portal'],
        summary: "Set a new password for one of the retailer's users (an owner only)",
        params: UidParams,
        body: Strict({ password: Password }),
        response: { 200: RetailerUser },
      },
    },
    async (request) => {
      const principal = retailerOf(principalOf(request));
      return setRetailerUserPassword(
        coreOf(request, core),
        principal.factoryId,
        principal.retailerId,
        request.params.uid,
        request.body.password,
        { kind: 'owner', retailerUserId: principal.retailerUserId },
      );
    },
  );

  r.post(
    '/v1/portal/users/:uid/password-link',
    {
      schema: {
        operationId: 'createPortalUserPasswordLink',
        description:
          "Makes a single-use set-password link (72 hours) for one of the retailer's users (an owner only).",
        tags: ['portal'],
        summary: "Make a set-password link for one of the retailer's users (an owner only)",
        params: UidParams,
        response: { 200: PasswordLink },
      },
    },
    async (request) => {
      const principal = retailerOf(principalOf(request));
      return createPasswordLink(
        core,
        principal.factoryId,
        principal.retailerId,
        request.params.uid,
        originOf(request),
        { kind: 'owner', retailerUserId: principal.retailerUserId },
      );
    },
  );
}
