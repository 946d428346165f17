import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.js';
import { listOrders } from '../../core/orders/list-orders.js';
import { getOrder } from '../../core/orders/order-view.js';
import { loginRetailerUser } from '../../core/retailer-users/retailer-login.js';
import { revokeSession } from '../../core/sessions/sessions.js';
import { describePortalCaller } from '../../core/sessions/who-am-i.js';
import { AppError } from '../../domain/errors.js';
import { ORDER_STATUSES } from '../../domain/order-status.js';
import type { RouteDeps } from '../app.js';
import { principalOf } from '../route-helpers.js';
import { IdParams, IsoDateTime, ListOf, ListQuery } from '../schemas/common.js';
import { limitedLogin, LoggedOut, LoginBody, permissionsOf } from './auth.routes.js';
import { OrderListItemSchema, OrderSchema } from './orders.routes.js';
import { RetailerUser } from './retailer-users.routes.js';

const Retailer = Type.Object({ id: Type.String(), name: Type.String(), code: Type.String() });

type RetailerPrincipal = Extract<Principal, { kind: 'retailer' }>;

/** The portal routes only admit retailer sessions (the permission table); this narrows the type. */
function retailerOf(principal: Principal): RetailerPrincipal {
  if (principal.kind !== 'retailer') throw new AppError('forbidden');
  return principal;
}

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
        tags: ['portal'],
        summary: 'Log a retailer user in to the portal: an rs_ session token',
        hide: true,
        security: [],
        body: LoginBody,
        response: {
          200: Type.Object({
            token: Type.String(),
            expires_at: IsoDateTime,
            user: RetailerUser,
            retailer: Retailer,
          }),
        },
      },
    },
    async (request) =>
      limitedLogin(limiters, request, request.body.email, () =>
        loginRetailerUser(core, request.body),
      ),
  );

  r.post(
    '/v1/portal/auth/logout',
    {
      schema: {
        tags: ['portal'],
        summary: 'End the calling portal session',
        hide: true,
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
        tags: ['portal'],
        summary: 'The portal user, their retailer, and the operations the session may call',
        response: {
          200: Type.Object({
            kind: Type.Literal('retailer'),
            factory: Type.Object({ id: Type.String(), name: Type.String() }),
            retailer: Retailer,
            user: RetailerUser,
            session: Type.Object({ id: Type.String(), expires_at: IsoDateTime }),
            permissions: Type.Array(Type.String()),
          }),
        },
      },
    },
    async (request) => {
      const principal = retailerOf(principalOf(request));
      const caller = await describePortalCaller(core, principal);
      return { ...caller, permissions: permissionsOf('retailer') };
    },
  );

  r.get(
    '/v1/portal/orders',
    {
      schema: {
        tags: ['portal'],
        summary: "The retailer's own orders, newest first",
        querystring: Type.Object(
          {
            ...ListQuery,
            status: Type.Optional(Type.Union(ORDER_STATUSES.map((s) => Type.Literal(s)))),
            order_no: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            updated_since: Type.Optional(IsoDateTime),
          },
          { additionalProperties: false },
        ),
        response: { 200: ListOf(OrderListItemSchema) },
      },
    },
    async (request) => {
      const principal = retailerOf(principalOf(request));
      return listOrders(core, principal.factoryId, {
        ...request.query,
        retailer_id: principal.retailerId,
      });
    },
  );

  r.get(
    '/v1/portal/orders/:id',
    {
      schema: {
        tags: ['portal'],
        summary: "One of the retailer's orders (by id or order_no) with its pieces and scans",
        params: IdParams,
        response: { 200: OrderSchema },
      },
    },
    async (request) => {
      const principal = retailerOf(principalOf(request));
      return getOrder(core.db, principal.factoryId, request.params.id, {
        now: core.clock.now(),
        retailerId: principal.retailerId,
      });
    },
  );
}
