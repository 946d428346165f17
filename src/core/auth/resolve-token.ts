import { MINUTE } from '../../domain/clock.js';
import { hashToken, tokenKindOf } from '../../domain/tokens.js';
import {
  liveApiKeyOfHash,
  touchApiKey as touchApiKeyRow,
} from '../../store/accounts/api-keys.repository.js';
import {
  liveRetailerSessionOfHash,
  liveStaffSessionOfHash,
} from '../../store/accounts/sessions.repository.js';
import { liveStationOfHash } from '../../store/stations/stations.repository.js';
import { parseScopes } from '../api-keys/api-keys.js';
import type { CoreContext } from '../context.js';
import type { Principal } from './principal.js';

// Every request looks its token up, so a revocation is effective at once; a scan may start from
// a remembered station instead, because it checks the station again in its own transaction
// (station-tokens.ts). The lookups are prepared once (in the store).

/**
 * Resolves a presented bearer token to its principal, or null when it is unknown, revoked or
 * expired (one answer for all three, so a caller learns nothing about which).
 * Looked up on every request: a revocation takes effect on the very next one. With
 * `stationCheckedLater` (the scan route, whose use case checks its station in its transaction), a
 * station this process has looked up before is taken as remembered.
 */
export async function resolveToken(
  ctx: CoreContext,
  token: string,
  options: { stationCheckedLater?: boolean } = {},
): Promise<Principal | null> {
  const kind = tokenKindOf(token);
  if (!kind) return null;
  const hash = hashToken(token);
  const now = ctx.clock.now();

  switch (kind) {
    case 'apiKey': {
      const key = await liveApiKeyOfHash(ctx.db, hash);
      if (!key) return null;
      if (key.expires_at !== null && Date.parse(key.expires_at) <= now.getTime()) return null;
      await touchApiKey(ctx, key.id, key.last_used_at, now);
      return {
        kind: 'api_key',
        factoryId: key.factory_id,
        apiKeyId: key.id,
        name: key.name,
        scopes: parseScopes(key.scopes),
      };
    }
    case 'station': {
      const remembered = options.stationCheckedLater ? ctx.stationTokens.get(hash) : undefined;
      if (remembered) return remembered;
      const station = await liveStationOfHash(ctx.db, hash);
      if (!station) return null;
      if (station.role === 'board') {
        return {
          kind: 'board',
          factoryId: station.factory_id,
          stationId: station.id,
          stationName: station.name,
        };
      }
      const principal = {
        kind: 'station',
        factoryId: station.factory_id,
        stationId: station.id,
        stationName: station.name,
        role: station.role,
        defaultLocation: station.default_location,
        tokenHash: hash,
      } as const;
      ctx.stationTokens.remember(principal);
      return principal;
    }
    case 'staffSession': {
      const session = await liveStaffSessionOfHash(ctx.db, hash, now.toISOString());
      if (!session) return null;
      return {
        kind: 'staff',
        factoryId: session.factory_id,
        staffUserId: session.user_id,
        name: session.name || session.email,
        sessionId: session.id,
        role: session.role,
      };
    }
    case 'retailerSession': {
      const session = await liveRetailerSessionOfHash(ctx.db, hash, now.toISOString());
      if (!session) return null;
      return {
        kind: 'retailer',
        factoryId: session.factory_id,
        retailerId: session.retailer_id,
        retailerUserId: session.user_id,
        name: session.name || session.email,
        sessionId: session.id,
      };
    }
  }
}

/** `last_used_at` to the minute: writing on every request would cost a disk sync each time. */
async function touchApiKey(
  ctx: CoreContext,
  id: string,
  lastUsedAt: string | null,
  now: Date,
): Promise<void> {
  if (lastUsedAt && now.getTime() - Date.parse(lastUsedAt) < MINUTE) return;
  await touchApiKeyRow(ctx.db, id, now.toISOString());
}
