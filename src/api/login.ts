import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '../core/sessions/credentials.js';
import { AppError } from '../domain/errors.js';
import type { Limiters } from './app.js';
import { ROUTE_ACCESS, type Actor } from './permissions.js';

/** What staff and portal sign-in share: the failure limits, and what a caller may call. */

/**
 * The operations an actor may call, as the permission table names them (`POST /v1/returns`),
 * in the table's order. Routes that need no token are left out: everyone may call them.
 */
export function permissionsOf(actor: Actor): string[] {
  return Object.entries(ROUTE_ACCESS)
    .filter(([, access]) => access !== 'public' && access.includes(actor))
    .map(([route]) => route);
}

/**
 * Runs a login under the failure limits: per client address and per account (the lower-cased
 * email). Only wrong credentials count; over either limit the answer is 429 with retry-after,
 * before any password is checked.
 */
export async function limitedLogin<T>(
  limiters: Limiters,
  request: FastifyRequest,
  email: string,
  login: () => Promise<T>,
): Promise<T> {
  const address = request.ip;
  const account = normalizeEmail(email);
  await limiters.loginByAddress.check(address);
  await limiters.loginByAccount.check(account);
  try {
    return await login();
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_credentials') {
      await limiters.loginByAddress.fail(address);
      await limiters.loginByAccount.fail(account);
    }
    throw err;
  }
}
