import type { Transaction } from 'kysely';
import { HOUR } from '../../domain/clock.js';
import { newId } from '../../domain/ids.js';
import { hashToken, newToken } from '../../domain/tokens.js';
import * as sessions from '../../store/accounts/sessions.repository.js';
import type { DB } from '../../store/schema.js';
import { sessionTtlHoursOf } from '../../store/settings/settings.repository.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';

export interface OpenedSession {
  /** The plain session token: returned this once, only its hash is kept. */
  token: string;
  expires_at: string;
}

/**
 * Opens a staff (`ss_…`) or retailer portal (`rs_…`) session inside the caller's transaction.
 * It lasts the factory's `session_ttl_hours` setting, read now: a changed setting applies to the
 * sessions opened after it.
 */
export async function openSession(
  trx: Transaction<DB>,
  input: {
    factoryId: string;
    now: Date;
    user: { kind: 'staff'; staffUserId: string } | { kind: 'retailer'; retailerUserId: string };
  },
): Promise<OpenedSession> {
  const ttlHours = await sessionTtlHoursOf(trx, input.factoryId);
  const token = newToken(input.user.kind === 'staff' ? 'staffSession' : 'retailerSession');
  const expiresAt = new Date(input.now.getTime() + ttlHours * HOUR).toISOString();
  await sessions.insertSession(trx, {
    id: newId('session', input.now),
    factory_id: input.factoryId,
    kind: input.user.kind,
    token_hash: hashToken(token),
    staff_user_id: input.user.kind === 'staff' ? input.user.staffUserId : null,
    retailer_user_id: input.user.kind === 'retailer' ? input.user.retailerUserId : null,
    created_at: input.now.toISOString(),
    expires_at: expiresAt,
    revoked_at: null,
  });
  return { token, expires_at: expiresAt };
}

/** Ends one session (a logout): its token gets 401 from the next request on. */
export async function revokeSession(
  ctx: CoreContext,
  factoryId: string,
  sessionId: string,
): Promise<{ revoked_at: string }> {
  return transact(ctx, async (tx) => {
    await sessions.revokeSession(tx.trx, factoryId, sessionId, tx.nowIso);
    return { revoked_at: tx.nowIso };
  });
}

/** Ends every open session of a staff user (disabled, or given a new password). */
export async function revokeStaffSessions(
  trx: Transaction<DB>,
  staffUserId: string,
  now: Date,
): Promise<void> {
  await sessions.revokeStaffUserSessions(trx, staffUserId, now.toISOString());
}

/** Ends every open session of a retailer user (disabled, or given a new password). */
export async function revokeRetailerUserSessions(
  trx: Transaction<DB>,
  retailerUserId: string,
  now: Date,
): Promise<void> {
  await sessions.revokeRetailerUserSessions(trx, retailerUserId, now.toISOString());
}
