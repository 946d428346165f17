import { AppError, invalid } from '../../domain/errors.js';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../domain/tokens.js';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/** Emails are matched without regard to case: stored lower-cased, trimmed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A login email: trimmed, lower-cased, and of the shape of an address (it is never mailed to). */
export function checkLoginEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (!/^[^\s@]+@[^\s@]+$/.test(normalized)) {
    throw invalid('email', 'email must be an email address.');
  }
  return normalized;
}

/** A person's display name: trimmed and not empty. */
export function checkDisplayName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalid('name', 'name must not be empty.');
  return trimmed;
}

/** A new password's rules, checked before the (slow) hash is computed. */
export function checkNewPassword(password: string, param = 'password'): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw invalid(param, `${param} must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw invalid(param, `${param} must be at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
}

/**
 * Finds which of the candidate accounts the password opens, or throws 401
 * `invalid_credentials`. With no candidate the password is still checked, against a hash
 * nobody has, so "no such user" costs the same work as "wrong password" and answers the same.
 */
export async function matchPassword<T extends { password_hash: string | null }>(
  password: string,
  candidates: readonly T[],
): Promise<T> {
  const withPassword = candidates.filter((c) => c.password_hash !== null);
  if (withPassword.length === 0) {
    await verifyPassword(password, DUMMY_PASSWORD_HASH);
    throw new AppError('invalid_credentials');
  }
  for (const candidate of withPassword) {
    if (await verifyPassword(password, candidate.password_hash!)) return candidate;
  }
  throw new AppError('invalid_credentials');
}
