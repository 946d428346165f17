import { apiKeyNameOf } from '../../store/accounts/api-keys.repository.js';
import { retailerUserById } from '../../store/accounts/retailer-users.repository.js';
import { sessionExpiryOf } from '../../store/accounts/sessions.repository.js';
import { staffUserSummaryOf } from '../../store/accounts/staff-users.repository.js';
import { retailerSummaryOf } from '../../store/retailers/retailers.repository.js';
import { factoryNameOf } from '../../store/settings/factories.repository.js';
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
  const factory = await factoryNameOf(ctx.db, principal.factoryId);
  switch (principal.kind) {
    case 'api_key': {
      const key = await apiKeyNameOf(ctx.db, principal.apiKeyId);
      return { kind: 'api_key', factory, api_key: key };
    }
    case 'staff': {
      const user = await staffUserSummaryOf(ctx.db, principal.staffUserId);
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
    case 'board':
      // Not answered to a board (GET /v1/auth/me is staff's), described as the device it is.
      return {
        kind: 'station',
        factory,
        station: { id: principal.stationId, name: principal.stationName, role: 'board' },
      };
  }
}

function sessionOf(ctx: CoreContext, id: string): Promise<{ id: string; expires_at: string }> {
  return sessionExpiryOf(ctx.db, id);
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
  const factory = await factoryNameOf(ctx.db, principal.factoryId);
  const row = await retailerUserById(ctx.db, principal.retailerUserId);
  const retailer = await retailerSummaryOf(ctx.db, row.retailer_id);
  const session = await sessionOf(ctx, principal.sessionId);
  return { kind: 'retailer', factory, user: toRetailerUserView(row), retailer, session };
}
