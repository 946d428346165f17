import { AppError, invalid, notFound } from '../../domain/errors.js';
import { requireRetailer } from '../retailers/retailers.js';
import { newId } from '../../domain/ids.js';
import { hashPassword } from '../../domain/tokens.js';
import { deletePasswordLinksOf } from '../../store/accounts/password-links.repository.js';
import * as retailerUsers from '../../store/accounts/retailer-users.repository.js';
import { deleteRetailerUserSessions } from '../../store/accounts/sessions.repository.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import type { RetailerUserTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { checkDisplayName, checkLoginEmail, checkNewPassword } from '../sessions/credentials.js';
import { revokeRetailerUserSessions } from '../sessions/sessions.js';
import { transact, type Tx } from '../transaction.js';

export const RETAILER_USER_ROLES = [
  'owner',
  'buyer',
  'viewer',
  'accounts',
  'integrations',
] as const;
export type RetailerUserRole = (typeof RETAILER_USER_ROLES)[number];

export interface RetailerUserView {
  id: string;
  object: 'retailer_user';
  retailer_id: string;
  email: string;
  name: string;
  role: RetailerUserRole;
  /** True when the user can log in to the portal. The hash itself is never shown. */
  has_password: boolean;
  /** A disabled user cannot log in, and their sessions ended when they were disabled. */
  disabled: boolean;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export const toRetailerUserView = (row: RetailerUserTable): RetailerUserView => ({
  id: row.id,
  object: 'retailer_user',
  retailer_id: row.retailer_id,
  email: row.email,
  name: row.name,
  role: row.role,
  has_password: row.password_hash !== null,
  disabled: row.disabled_at !== null,
  disabled_at: row.disabled_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

function checkRole(role: string): asserts role is RetailerUserRole {
  if (!(RETAILER_USER_ROLES as readonly string[]).includes(role)) {
    throw invalid('role', `role must be one of ${RETAILER_USER_ROLES.join(', ')}.`);
  }
}

/**
 * The retailer a path names, by id or code; another factory's retailer, or none at all, is 404
 * alike. Then a user of that retailer: a user of another retailer in the path is 404, not theirs
 * to touch.
 */
export async function requireRetailerUser(
  tx: Tx,
  factoryId: string,
  retailerRef: string,
  userId: string,
): Promise<RetailerUserTable> {
  const retailer = await requireRetailer(tx.trx, factoryId, retailerRef);
  const row = await retailerUsers.retailerUserOf(tx.trx, factoryId, retailer.id, userId);
  if (!row) throw notFound('retailer user', 'uid', userId);
  return row;
}

/** Owners who may still act: a disabled owner does not count. */
function ownerCount(tx: Tx, retailerId: string): Promise<number> {
  return retailerUsers.enabledOwnerCount(tx.trx, retailerId);
}

const lastOwner = () =>
  new AppError('last_owner', {
    message: 'This is the last owner of the retailer: make another user owner first.',
  });

export interface NewRetailerUser {
  email: string;
  name: string;
  role: string;
  /** Gives the user a portal login; without one they are on record but cannot log in. */
  password?: string | undefined;
}

/** Adds a user to a retailer; the email (lower-cased) is unique per retailer (409 `email_exists`). */
export async function createRetailerUser(
  ctx: CoreContext,
  factoryId: string,
  retailerRef: string,
  input: NewRetailerUser,
): Promise<RetailerUserView> {
  const email = checkLoginEmail(input.email);
  const name = checkDisplayName(input.name);
  checkRole(input.role);
  const role = input.role;
  if (input.password !== undefined) checkNewPassword(input.password);
  await requireRetailer(ctx.db, factoryId, retailerRef);
  // Hashed before the transaction: scrypt is slow on purpose and must not hold the write lock.
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return transact(ctx, async (tx) => {
    const retailerId = (await requireRetailer(tx.trx, factoryId, retailerRef)).id;
    if (await retailerUsers.retailerEmailTaken(tx.trx, retailerId, email))
      throw new AppError('email_exists', { param: 'email' });
    const row: RetailerUserTable = {
      id: newId('retailerUser', tx.now),
      factory_id: factoryId,
      retailer_id: retailerId,
      email,
      name,
      role,
      password_hash: passwordHash,
      created_at: tx.nowIso,
      updated_at: tx.nowIso,
      disabled_at: null,
    };
    await retailerUsers.insertRetailerUser(tx.trx, row);
    return toRetailerUserView(row);
  });
}

export async function listRetailerUsers(
  ctx: CoreContext,
  factoryId: string,
  retailerRef: string,
  params: PageParams,
): Promise<Page<RetailerUserView>> {
  const retailerId = (await requireRetailer(ctx.db, factoryId, retailerRef)).id;
  const rows = await retailerUsers.listRetailerUsers(ctx.db, factoryId, retailerId, params);
  return toPage(rows, params, toRetailerUserView);
}

export interface RetailerUserPatch {
  role: string;
  name?: string | undefined;
  /** A new portal password: ends the user's open portal sessions. */
  password?: string | undefined;
  /** True ends the user's portal sessions and refuses their logins; false lets them in again. */
  disabled?: boolean | undefined;
}

/**
 * Changes a user's role (and optionally name, password, or whether they are disabled). The last
 * enabled owner of a retailer cannot be demoted or disabled (409 `last_owner`): the count and the
 * change are one write transaction, so two demotions at once cannot both see "another owner
 * remains". A new password or disabling ends the user's portal sessions; enabling again lets
 * them log in, with no session revived.
 */
export async function updateRetailerUser(
  ctx: CoreContext,
  factoryId: string,
  retailerRef: string,
  userId: string,
  patch: RetailerUserPatch,
): Promise<RetailerUserView> {
  checkRole(patch.role);
  const role = patch.role;
  const name = patch.name === undefined ? undefined : checkDisplayName(patch.name);
  if (patch.password !== undefined) checkNewPassword(patch.password);
  const passwordHash =
    patch.password === undefined ? undefined : await hashPassword(patch.password);
  return transact(ctx, async (tx) => {
    const row = await requireRetailerUser(tx, factoryId, retailerRef, userId);
    const disabledAt =
      patch.disabled === undefined
        ? row.disabled_at
        : patch.disabled
          ? (row.disabled_at ?? tx.nowIso)
          : null;
    const wasActiveOwner = row.role === 'owner' && row.disabled_at === null;
    const staysActiveOwner = role === 'owner' && disabledAt === null;
    if (wasActiveOwner && !staysActiveOwner && (await ownerCount(tx, row.retailer_id)) <= 1) {
      throw lastOwner();
    }
    const next: RetailerUserTable = {
      ...row,
      role,
      ...(name !== undefined ? { name } : {}),
      ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}),
      disabled_at: disabledAt,
      updated_at: tx.nowIso,
    };
    await retailerUsers.updateRetailerUser(tx.trx, userId, {
      role: next.role,
      name: next.name,
      password_hash: next.password_hash,
      disabled_at: next.disabled_at,
      updated_at: next.updated_at,
    });
    if (passwordHash !== undefined || (disabledAt !== null && row.disabled_at === null)) {
      await revokeRetailerUserSessions(tx.trx, userId, tx.now);
    }
    // A password set another way makes an outstanding set-password link pointless.
    if (passwordHash !== undefined) await deletePasswordLinksOf(tx.trx, userId);
    return toRetailerUserView(next);
  });
}

/**
 * Removes a user and their portal sessions. The last enabled owner cannot be removed (409
 * `last_owner`), under the same one-transaction guard as a demotion.
 */
export async function deleteRetailerUser(
  ctx: CoreContext,
  factoryId: string,
  retailerRef: string,
  userId: string,
): Promise<{ id: string; object: 'retailer_user'; deleted: true }> {
  return transact(ctx, async (tx) => {
    const row = await requireRetailerUser(tx, factoryId, retailerRef, userId);
    if (
      row.role === 'owner' &&
      row.disabled_at === null &&
      (await ownerCount(tx, row.retailer_id)) <= 1
    ) {
      throw lastOwner();
    }
    await deleteRetailerUserSessions(tx.trx, userId);
    await deletePasswordLinksOf(tx.trx, userId);
    await retailerUsers.deleteRetailerUser(tx.trx, userId);
    return { id: userId, object: 'retailer_user', deleted: true };
  });
}
