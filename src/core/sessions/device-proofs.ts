import { createHmac, timingSafeEqual } from 'node:crypto';
import { DAY } from '../../domain/clock.js';
import type { Db } from '../../store/database.js';
import {
  passwordHashesOfEmail,
  passwordHashOfAccount,
  type LoginAccounts,
} from '../../store/accounts/login-passwords.repository.js';
import { normalizeEmail } from './credentials.js';

/** Which sign-in: staff (`/v1/auth/login`) or the retailer portal (`/v1/portal/auth/login`). */
export type LoginScope = 'staff' | 'portal';

/** A device that signed in is known for this long after its last sign-in. */
export const DEVICE_PROOF_TTL_MS = 90 * DAY;

/**
 * A proof that this device signed in as `email` before: issued at a successful sign-in, and
 * shown again at a later one so that the per-email brake and the overall budget let it through
 * (docs/permissions.md, "Failed logins"). It is an HMAC of (scope, email, time) keyed with the
 * account's stored password hash: nobody without that hash can make one, nothing needs storing,
 * one proof serves every server on a shared database, and a password change (or reset) voids
 * every proof made before it.
 */
export interface DeviceProof {
  /** When it was issued, in ms since the epoch. */
  issuedAt: number;
  mac: string;
}

function macOf(key: string, scope: LoginScope, email: string, issuedAt: number): string {
  return createHmac('sha256', key)
    .update(`factoryd device\0${scope}\0${normalizeEmail(email)}\0${issuedAt}`)
    .digest('base64url');
}

const accountsOf = (scope: LoginScope): LoginAccounts =>
  scope === 'staff' ? 'staff_users' : 'retailer_users';

/** The password hash of the account that just signed in, or null when it has none (any more). */
function passwordHashOf(db: Db, scope: LoginScope, userId: string): Promise<string | null> {
  return passwordHashOfAccount(db, accountsOf(scope), userId);
}

/** The password hashes of the accounts a sign-in as `email` may open, as the logins read them. */
function passwordHashesOf(db: Db, scope: LoginScope, email: string): Promise<string[]> {
  return passwordHashesOfEmail(db, accountsOf(scope), normalizeEmail(email), 5);
}

/** A proof for the account `userId` that has just signed in as `email`. */
export async function issueDeviceProof(
  db: Db,
  scope: LoginScope,
  email: string,
  userId: string,
  now: Date,
): Promise<DeviceProof | null> {
  const key = await passwordHashOf(db, scope, userId);
  if (key === null) return null;
  const issuedAt = now.getTime();
  return { issuedAt, mac: macOf(key, scope, email, issuedAt) };
}

/**
 * Whether one of `proofs` shows that this device signed in as `email` within DEVICE_PROOF_TTL_MS,
 * with the password an account of that email has now. An unknown email has no account, so no
 * proof holds for it: the answer is the same as for a known email without a proof.
 */
export async function deviceProven(
  db: Db,
  scope: LoginScope,
  email: string,
  proofs: readonly DeviceProof[],
  now: Date,
): Promise<boolean> {
  const fresh = proofs.filter(
    (p) => p.issuedAt <= now.getTime() && now.getTime() - p.issuedAt < DEVICE_PROOF_TTL_MS,
  );
  if (fresh.length === 0) return false;
  for (const key of await passwordHashesOf(db, scope, email)) {
    for (const proof of fresh) {
      const expected = Buffer.from(macOf(key, scope, email, proof.issuedAt));
      const shown = Buffer.from(proof.mac);
      if (shown.length === expected.length && timingSafeEqual(shown, expected)) return true;
    }
  }
  return false;
}
