import type { Principal } from '../auth/principal.js';
import type { CoreContext } from '../context.js';
import { toRetailerUserView, type RetailerUserView } from '../retailer-users/retailer-users.js';

export interface Caller {
  kind: 'api_key' | 'staff' | 'retailer' | 'station';
  factory: { id: string; name: string };
  user?: { id: string; email: string; name: string; role: string };
  api_key?: { id: string; name: string };
  session?: { id: string; expires_at: string };
  retailer?: { id: string; name: string; code: string };
  station?: { id: string; name: string; role: string };
}

/** Who the token in hand belongs to, read fresh from the database. */
export async function describeCaller(ctx: CoreContext, principal: Principal): Promise<Caller> {
  const factory = await ctx.db
    .selectFrom('factories')
    // The factory's name is the company's; `factories.name` is its owner's.
    .select(['id', 'company as name'])
    .where('id', '=', principal.factoryId)
    .executeTakeFirstOrThrow();
  switch (principal.kind) {
    case 'api_key': {
      const key = await ctx.db
        .selectFrom('api_keys')
        .select(['id', 'name'])
        .where('id', '=', principal.apiKeyId)
        .executeTakeFirstOrThrow();
      return { kind: 'api_key', factory, api_key: key };
    }
    case 'staff': {
      const user = await ctx.db
        .selectFrom('staff_users')
        .select(['id', 'email', 'name', 'role'])
        .where('id', '=', principal.staffUserId)
        .executeTakeFirstOrThrow();
      return { kind: 'staff', factory, user, session: await sessionOf(ctx, principal.sessionId) };
    }
    case 'retailer':
      return describePortalCaller(ctx, principal);
    case 'station':
      return {
        kind: 'station',
        factory,
        station: { id: principal.stationId, name: principal.stationName, role: principal.role },
      };
  }
}

async function sessionOf(
  ctx: CoreContext,
  id: string,
): Promise<{ id: string; expires_at: string }> {
  return ctx.db
    .selectFrom('sessions')
    .select(['id', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export interface PortalCaller {
  kind: 'retailer';
  factory: { id: string; name: string };
  user: RetailerUserView;
  retailer: { id: string; name: string; code: string };
  session: { id: string; expires_at: string };
}

/** A portal session's user and retailer, for the portal's own "me". */
export async function describePortalCaller(
  ctx: CoreContext,
  principal: Extract<Principal, { kind: 'retailer' }>,
): Promise<PortalCaller> {
  const factory = await ctx.db
    .selectFrom('factories')
    // The factory's name is the company's; `factories.name` is its owner's.
    .select(['id', 'company as name'])
    .where('id', '=', principal.factoryId)
    .executeTakeFirstOrThrow();
  const row = await ctx.db
    .selectFrom('retailer_users')
    .selectAll()
    .where('id', '=', principal.retailerUserId)
    .executeTakeFirstOrThrow();
  const retailer = await ctx.db
    .selectFrom('retailers')
    .select(['id', 'name', 'code'])
    .where('id', '=', row.retailer_id)
    .executeTakeFirstOrThrow();
  const session = await sessionOf(ctx, principal.sessionId);
  return { kind: 'retailer', factory, user: toRetailerUserView(row), retailer, session };
}
