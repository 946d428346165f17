import type { Kysely, Transaction } from 'kysely';
import { HOUR } from '../../domain/clock.js';
import { AppError } from '../../domain/errors.js';
import { hashPassword, hashToken, randomBase62 } from '../../domain/tokens.js';
import type { DB } from '../../store/schema.js';
import * as passwordLinks from '../../store/accounts/password-links.repository.js';
import * as retailerUsers from '../../store/accounts/retailer-users.repository.js';
import { publicUrlOf } from '../../store/settings/settings.repository.js';
import type { CoreContext } from '../context.js';
import { checkNewPassword } from '../sessions/credentials.js';
import { revokeRetailerUserSessions } from '../sessions/sessions.js';
import { requireRetailer } from '../retailers/retailers.js';
import { transact } from '../transaction.js';
import {
  requireRetailerUser,
  toRetailerUserView,
  type RetailerUserView,
} from './retailer-users.js';

/** How long a set-password link works: long enough to reach someone over a weekend. */
export const PASSWORD_LINK_TTL_HOURS = 72;

/** The prefix of a set-password token, so a pasted one is recognisable. */
const TOKEN_PREFIX = 'rpw_';

export interface PasswordLink {
  object: 'password_link';
  user_id: string;
  /** The plain token: returned this once, only its hash is kept. */
  token: string;
  /** The portal page that takes the token, with the token in its fragment (never sent to a server). */
  url: string;
  expires_at: string;
}

/**
 * Who acts: the factory (an API key or an admin: any user of its retailers), or a retailer
 * user in the portal, who must be an enabled owner of that retailer — checked inside the use
 * case's transaction, so a demotion that commits first is seen.
 */
export type PasswordActor = { kind: 'factory' } | { kind: 'owner'; retailerUserId: string };

export async function checkActor(
  db: Kysely<DB>,
  actor: PasswordActor,
  retailerId: string,
): Promise<void> {
  if (actor.kind === 'factory') return;
  if (!(await retailerUsers.isEnabledOwner(db, actor.retailerUserId, retailerId))) {
    throw new AppError('forbidden', {
      message: "Only an owner of the retailer can manage its users' passwords.",
    });
  }
}

/** The portal page a link opens: `<origin>/portal/set-password#token=…`. */
export const passwordLinkUrl = (origin: string, token: string): string =>
  `${origin.replace(/\/+$/, '')}/portal/set-password#token=${token}`;

/**
 * Makes a set-password link for a retailer user, replacing any earlier one: a single-use token,
 * stored as its SHA-256, that works for `PASSWORD_LINK_TTL_HOURS`. The link's page is under the
 * setting `public_url` when set (the address people use behind a proxy), else under `origin`, the
 * address the request came in on.
 */
export function createPasswordLink(
  ctx: CoreContext,
  factoryId: string,
  retailerRef: string,
  userId: string,
  origin: string,
  actor: PasswordActor = { kind: 'factory' },
): Promise<PasswordLink> {
  return transact(ctx, async (tx) => {
    const user = await requireRetailerUser(tx, factoryId, retailerRef, userId);
    await checkActor(tx.trx, actor, user.retailer_id);
    const token = TOKEN_PREFIX + randomBase62(32);
    const expiresAt = new Date(tx.now.getTime() + PASSWORD_LINK_TTL_HOURS * HOUR).toISOString();
    await dropLinks(tx.trx, user.id);
    await passwordLinks.insertPasswordLink(tx.trx, {
      token_hash: hashToken(token),
      factory_id: factoryId,
      retailer_user_id: user.id,
      created_at: tx.nowIso,
      expires_at: expiresAt,
    });
    const publicUrl = await publicUrlOf(tx.trx, factoryId);
    return {
      object: 'password_link',
      user_id: user.id,
      token,
      url: passwordLinkUrl(publicUrl ?? origin, token),
      expires_at: expiresAt,
    };
  });
}

/** Removes a user's set-password link, if any: it was used, replaced, or a password was set. */
export async function dropLinks(trx: Transaction<DB>, retailerUserId: string): Promise<void> {
  await passwordLinks.deletePasswordLinksOf(trx, retailerUserId);
}

export interface PasswordSetByLink {
  object: 'password_set';
  /** Whose password it was: the page offers to sign in with this email. */
  email: string;
  retailer: { name: string };
}

/**
 * Sets a retailer user's password with a set-password link's token, and uses the link up. An
 * unknown, used, replaced or expired token answers 400 `invalid_password_link` alike (a caller
 * learns nothing about which); the caller counts those as failed attempts. The user's portal
 * sessions end, as with any new password.
 */
export async function setPasswordByLink(
  ctx: CoreContext,
  input: { token: string; password: string },
): Promise<PasswordSetByLink> {
  checkNewPassword(input.password);
  const tokenHash = hashToken(input.token);
  const now = ctx.clock.now().toISOString();
  const usable = await passwordLinks.unexpiredPasswordLinkOf(ctx.db, tokenHash, now);
  if (!usable) throw new AppError('invalid_password_link');
  // Hashed before the transaction: scrypt is slow on purpose and must not hold the write lock.
  const passwordHash = await hashPassword(input.password);
  return transact(ctx, async (tx) => {
    // Taken again inside the write: of two uses at once, only the first finds the link.
    const link = await passwordLinks.takePasswordLink(tx.trx, tokenHash, tx.nowIso);
    if (!link) throw new AppError('invalid_password_link');
    const user = await retailerUsers.retailerUserEmailAndRetailerName(
      tx.trx,
      link.retailer_user_id,
    );
    await setPasswordHash(tx.trx, user.id, passwordHash, tx.now);
    return { object: 'password_set', email: user.email, retailer: { name: user.retailer_name } };
  });
}

/** Writes a new password hash: the user's sessions end and any set-password link stops working. */
export async function setPasswordHash(
  trx: Transaction<DB>,
  retailerUserId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await retailerUsers.updateRetailerUser(trx, retailerUserId, {
    password_hash: passwordHash,
    updated_at: now.toISOString(),
  });
  await revokeRetailerUserSessions(trx, retailerUserId, now);
  await dropLinks(trx, retailerUserId);
}

/**
 * Sets a retailer user's password directly (the factory, or an owner in the portal for a user
 * of their own retailer). Their portal sessions end and any set-password link stops working.
 */
export async function setRetailerUserPassword(
  ctx: CoreContext,
  factoryId: string,
  retailerRef: string,
  userId: string,
  password: string,
  actor: PasswordActor = { kind: 'factory' },
): Promise<RetailerUserView> {
  checkNewPassword(password);
  // Before the slow hash too, so a portal user who is not an owner cannot make the server work.
  if (actor.kind === 'owner') {
    const retailerId = (await requireRetailer(ctx.db, factoryId, retailerRef)).id;
    await checkActor(ctx.db, actor, retailerId);
  }
  const passwordHash = await hashPassword(password);
  return transact(ctx, async (tx) => {
    const user = await requireRetailerUser(tx, factoryId, retailerRef, userId);
    await checkActor(tx.trx, actor, user.retailer_id);
    await setPasswordHash(tx.trx, user.id, passwordHash, tx.now);
    return toRetailerUserView({ ...user, password_hash: passwordHash, updated_at: tx.nowIso });
  });
}
