import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  createRetailerUser,
  deleteRetailerUser,
  listRetailerUsers,
  updateRetailerUser,
} from '../../core/retailer-users/retailer-users.js';
import { createPasswordLink } from '../../core/retailer-users/password-links.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { originOf } from '../request-origin.js';
import { RetailerRef, ListOf, ListQuerySchema, PathParam, Strict } from '../schemas/common.js';
import {
  Name,
  Password,
  PasswordLink,
  RetailerUser,
  RetailerUserRole,
} from '../schemas/retailer-users.js';
import { coreOf } from '../idempotency.js';

const RetailerParams = Type.Object({ id: RetailerRef });
const UserParams = Type.Object({
  id: RetailerRef,
  uid: PathParam(),
});

/** The people of a retailer who use the portal, managed by the factory. */
export async function retailerUsersRoutes(
  app: FastifyInstance,
  { core }: RouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/retailers/:id/users',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createRetailerUser',
        description:
          'Adds a user to a retailer. With a password (10 characters or more) the user can sign in to the portal at once; without one, make a set-password link.',
        tags: ['retailers'],
        summary: 'Add a user to a retailer; a password (10+ characters) gives a portal login',
        params: RetailerParams,
        body: Strict({
          email: Type.String({ minLength: 1, maxLength: 254 }),
          name: Name,
          role: RetailerUserRole,
          password: Type.Optional(Password),
        }),
        response: { 200: RetailerUser },
      },
    },
    async (request) =>
      createRetailerUser(
        coreOf(request, core),
        factoryOf(request),
        request.params.id,
        request.body,
      ),
  );

  r.get(
    '/v1/retailers/:id/users',
    {
      schema: {
        operationId: 'listRetailerUsers',
        description: "Lists a retailer's portal users, newest first.",
        tags: ['retailers'],
        summary: "List a retailer's users, newest first",
        params: RetailerParams,
        querystring: ListQuerySchema,
        response: { 200: ListOf(RetailerUser) },
      },
    },
    async (request) =>
      listRetailerUsers(core, factoryOf(request), request.params.id, request.query),
  );

  r.patch(
    '/v1/retailers/:id/users/:uid',
    {
      schema: {
        operationId: 'updateRetailerUser',
        description:
          "Changes a retailer user's role, name or password, or disables them. A retailer always keeps one enabled owner (409 `last_owner`).",
        tags: ['retailers'],
        summary:
          "Change a retailer user's role, name, password, or disable them (never the last owner)",
        params: UserParams,
        body: Strict({
          role: RetailerUserRole,
          name: Type.Optional(Name),
          password: Type.Optional(Password),
          disabled: Type.Optional(Type.Boolean()),
        }),
        response: { 200: RetailerUser },
      },
    },
    async (request) =>
      updateRetailerUser(
        coreOf(request, core),
        factoryOf(request),
        request.params.id,
        request.params.uid,
        request.body,
      ),
  );

  r.delete(
    '/v1/retailers/:id/users/:uid',
    {
      schema: {
        operationId: 'deleteRetailerUser',
        description:
          'Removes a retailer user and ends their portal sessions. The last owner cannot be removed (409 `last_owner`).',
        tags: ['retailers'],
        summary: 'Remove a retailer user and their portal sessions (never the last owner)',
        params: UserParams,
        response: {
          200: Type.Object(
            {
              id: Type.String(),
              object: Type.Literal('retailer_user'),
              deleted: Type.Literal(true),
            },
            { $id: 'RetailerUserDeleted' },
          ),
        },
      },
    },
    async (request) =>
      deleteRetailerUser(core, factoryOf(request), request.params.id, request.params.uid),
  );

  r.post(
    '/v1/retailers/:id/users/:uid/password-link',
    {
      schema: {
        operationId: 'createRetailerUserPasswordLink',
        description:
          'Makes a single-use link (valid 72 hours) with which the user sets their own password; an earlier link stops working.',
        tags: ['retailers'],
        summary:
          'Make a set-password link for a retailer user (single use, 72 h; replaces an earlier one)',
        params: UserParams,
        response: { 200: PasswordLink },
      },
    },
    async (request) =>
      createPasswordLink(
        core,
        factoryOf(request),
        request.params.id,
        request.params.uid,
        originOf(request),
      ),
  );
}
