import { AppError, invalid, notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { hashPassword } from '../../domain/tokens.js';
import * as staffUsers from '../../store/accounts/staff-users.repository.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import type { StaffUserTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { checkDisplayName, checkLoginEmail, checkNewPassword } from '../sessions/credentials.js';
import { revokeStaffSessions } from '../sessions/sessions.js';
import { transact, type Tx } from '../transaction.js';

export const STAFF_ROLES = ['admin', 'supervisor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffUserView {
  id: string;
  object: 'staff_user';
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Never the password hash. */
export const toStaffView = (row: StaffUserTable): StaffUserView => ({
  id: row.id,
  object: 'staff_user',
  email: row.email,
  name: row.name,
  role: row.role,
  disabled: row.disabled_at !== null,
  disabled_at: row.disabled_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

function checkRole(role: string): asserts role is StaffRole {
  if (!(STAFF_ROLES as readonly string[]).includes(role)) {
    throw invalid('role', 'role must be admin or supervisor.');
  }
}

export interface NewStaffUser {
  email: string;
  name: string;
  role: string;
  password: string;
}

/**
 * Creates a staff user. Emails are unique across the whole database (a login names no factory),
 * so an email taken in any factory is 409 `email_exists`.
 */
export async function createStaffUser(
  ctx: CoreContext,
  factoryId: string,
  input: NewStaffUser,
): Promise<StaffUserView> {
  const email = checkLoginEmail(input.email);
  const name = checkDisplayName(input.name);
  checkRole(input.role);
  const role = input.role;
  checkNewPassword(input.password);
  // Hashed before the transaction: scrypt is slow on purpose and must not hold the write lock.
  const passwordHash = await hashPassword(input.password);
  return transact(ctx, async (tx) => {
    if (await staffUsers.staffEmailTaken(tx.trx, email))
      throw new AppError('email_exists', { param: 'email' });
    const row: StaffUserTable = {
      id: newId('staff', tx.now),
      factory_id: factoryId,
      email,
      name,
      role,
      password_hash: passwordHash,
      created_at: tx.nowIso,
      updated_at: tx.nowIso,
      disabled_at: null,
    };
    await staffUsers.insertStaffUser(tx.trx, row);
    return toStaffView(row);
  });
}

export async function listStaffUsers(
  ctx: CoreContext,
  factoryId: string,
  params: PageParams,
): Promise<Page<StaffUserView>> {
  const rows = await staffUsers.listStaffUsers(ctx.db, factoryId, params);
  return toPage(rows, params, toStaffView);
}

export async function getStaffUser(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<StaffUserView> {
  const row = await staffUsers.staffUserOf(ctx.db, factoryId, id);
  if (!row) throw notFound('staff user', 'id', id);
  return toStaffView(row);
}

async function lockStaffUser(tx: Tx, factoryId: string, id: string): Promise<StaffUserTable> {
  const row = await staffUsers.staffUserOf(tx.trx, factoryId, id);
  if (!row) throw notFound('staff user', 'id', id);
  return row;
}

export interface StaffUserPatch {
  name?: string | undefined;
  role?: string | undefined;
  password?: string | undefined;
  disabled?: boolean | undefined;
}

/**
 * Changes a staff user. A role change applies from the user's next request (sessions look the
 * role up every time). A new password or disabling ends every session of the user; enabling
 * again lets them log in, with no session revived.
 */
export async function updateStaffUser(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  patch: StaffUserPatch,
): Promise<StaffUserView> {
  const name = patch.name === undefined ? undefined : checkDisplayName(patch.name);
  if (patch.role !== undefined) checkRole(patch.role);
  if (patch.password !== undefined) checkNewPassword(patch.password);
  const passwordHash =
    patch.password === undefined ? undefined : await hashPassword(patch.password);
  return transact(ctx, async (tx) => {
    const row = await lockStaffUser(tx, factoryId, id);
    const disabledAt =
      patch.disabled === undefined
        ? row.disabled_at
        : patch.disabled
          ? (row.disabled_at ?? tx.nowIso)
          : null;
    const next: StaffUserTable = {
      ...row,
      ...(name !== undefined ? { name } : {}),
      ...(patch.role !== undefined ? { role: patch.role as StaffRole } : {}),
      ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}),
      disabled_at: disabledAt,
      updated_at: tx.nowIso,
    };
    await staffUsers.updateStaffUser(tx.trx, id, {
      name: next.name,
      role: next.role,
      password_hash: next.password_hash,
      disabled_at: next.disabled_at,
      updated_at: next.updated_at,
    });
    if (passwordHash !== undefined || (disabledAt !== null && row.disabled_at === null)) {
      await revokeStaffSessions(tx.trx, id, tx.now);
    }
    return toStaffView(next);
  });
}

/**
 * `DELETE /v1/staff/{id}`: disables the user and ends their sessions. The row stays, so what
 * they did keeps a name; disabling again answers the same record.
 */
export async function disableStaffUser(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<StaffUserView> {
  return transact(ctx, async (tx) => {
    const row = await lockStaffUser(tx, factoryId, id);
    if (row.disabled_at !== null) return toStaffView(row);
    await staffUsers.updateStaffUser(tx.trx, id, {
      disabled_at: tx.nowIso,
      updated_at: tx.nowIso,
    });
    await revokeStaffSessions(tx.trx, id, tx.now);
    return toStaffView({ ...row, disabled_at: tx.nowIso, updated_at: tx.nowIso });
  });
}

/** Whether the factory has any staff user yet (enabled or not): nobody can sign in without one. */
export function hasStaffUser(ctx: CoreContext, factoryId: string): Promise<boolean> {
  return staffUsers.factoryHasStaffUser(ctx.db, factoryId);
}
