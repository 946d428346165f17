import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MINUTE, type Clock } from '../domain/clock.js';
import { AppError } from '../domain/errors.js';
import { FailureLimiter } from '../core/rate-limiter.js';
import { normalizeEmail } from '../core/sessions/credentials.js';
import {
  DEVICE_PROOF_TTL_MS,
  deviceProven,
  issueDeviceProof,
  type DeviceProof,
  type LoginScope,
} from '../core/sessions/device-proofs.js';
import type { Db } from '../store/database.js';
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
 * Failed sign-ins allowed within a window (docs/permissions.md, "Failed logins"). Staff and portal
 * sign-ins count apart: a staff user and a retailer user with one email are two accounts with
 * two passwords, and guessing one tells nothing of the other.
 */
export const LOGIN_LIMITS = {
  /** One email from one address: the lockout, which nothing passes. */
  accountAtAddress: { max: 10, windowMs: 10 * MINUTE },
  /** One email from every address: a slower brake, passed by a device that signed in before. */
  account: { max: 30, windowMs: 60 * MINUTE },
  /** Any email from one address (spraying from one place): passed by a known device. */
  address: { max: 30, windowMs: 10 * MINUTE },
  /** Every sign-in together (spraying from many places): passed by a known device. */
  overall: { max: 200, windowMs: 10 * MINUTE },
} as const;

export interface LoginLimiters {
  db: Db;
  clock: Clock;
  accountAtAddress: FailureLimiter;
  account: FailureLimiter;
  address: FailureLimiter;
  overall: FailureLimiter;
  /** When each budget last said it tripped, by limiter and key: one log line a minute. */
  logged: Map<string, number>;
}

export function loginLimiters(db: Db, clock: Clock): LoginLimiters {
  const make = (name: string, { max, windowMs }: { max: number; windowMs: number }) =>
    new FailureLimiter(db, clock, name, max, windowMs);
  return {
    db,
    clock,
    accountAtAddress: make('login-account-address', LOGIN_LIMITS.accountAtAddress),
    account: make('login-account', LOGIN_LIMITS.account),
    address: make('login-address', LOGIN_LIMITS.address),
    overall: make('login-all', LOGIN_LIMITS.overall),
    logged: new Map(),
  };
}

/** The cookie that carries a device's proofs, sent back to its own sign-in route only. */
const DEVICE_COOKIE = 'factoryd_device';
const COOKIE_PATH: Record<LoginScope, string> = {
  staff: '/v1/auth/login',
  portal: '/v1/portal/auth/login',
};
/** One device may be known for a few people (a shared office PC): the latest ones are kept. */
const PROOFS_PER_DEVICE = 5;

interface CookieProof extends DeviceProof {
  /** Which email it is for, hashed: the cookie does not show who signed in. */
  tag: string;
}

const tagOf = (scope: LoginScope, email: string) =>
  createHash('sha256')
    .update(`${scope}\0${normalizeEmail(email)}`)
    .digest('base64url')
    .slice(0, 16);

/** The proofs in the request's device cookie; anything malformed is ignored. */
function proofsIn(request: FastifyRequest): CookieProof[] {
  const header = request.headers.cookie ?? '';
  const value = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  if (!value) return [];
  return value
    .split('~')
    .slice(0, PROOFS_PER_DEVICE)
    .flatMap((entry) => {
      const [tag, issued, mac] = entry.split('.');
      const issuedAt = Number.parseInt(issued ?? '', 36);
      return tag && mac && Number.isSafeInteger(issuedAt) ? [{ tag, issuedAt, mac }] : [];
    });
}

function setProof(
  request: FastifyRequest,
  reply: FastifyReply,
  scope: LoginScope,
  proof: CookieProof,
): void {
  const kept = proofsIn(request).filter((p) => p.tag !== proof.tag);
  const value = [proof, ...kept]
    .slice(0, PROOFS_PER_DEVICE)
    .map((p) => `${p.tag}.${p.issuedAt.toString(36)}.${p.mac}`)
    .join('~');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${value}; Path=${COOKIE_PATH[scope]}; Max-Age=${DEVICE_PROOF_TTL_MS / 1000}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** Logs that a budget refused a sign-in: once a minute for each budget and key. */
function logTrip(
  limiters: LoginLimiters,
  request: FastifyRequest,
  now: number,
  budget: 'address' | 'overall',
): void {
  const key = budget === 'address' ? `address ${request.ip}` : 'overall';
  if (now - (limiters.logged.get(key) ?? -Infinity) < MINUTE) return;
  limiters.logged.set(key, now);
  for (const [k, at] of limiters.logged) if (now - at >= MINUTE) limiters.logged.delete(k);
  const { max, windowMs } = LOGIN_LIMITS[budget];
  request.log.warn(
    {
      ...(budget === 'address' ? { address: request.ip } : {}),
      budget,
      failures: max,
      window_minutes: windowMs / MINUTE,
    },
    budget === 'address'
      ? 'failed sign-ins: one address is over its budget; sign-ins from it need a known device'
      : 'failed sign-ins: over the overall budget; sign-ins need a known device until it drains',
  );
}

/**
 * Runs a sign-in under the failure limits (LOGIN_LIMITS). Only wrong credentials count, and they
 * are checked before any password: over the lockout of this email at this address, the answer is
 * 429 with retry-after; over the per-email brake or a budget (this address's, or everyone's), it is
 * the same 429 unless the request carries a proof that this device signed in as this email
 * before. Whether the email exists changes none of it. A successful sign-in sets that proof.
 */
export async function limitedLogin<T extends { user: { id: string } }>(
  limiters: LoginLimiters,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: LoginScope,
  email: string,
  login: () => Promise<T>,
): Promise<T> {
  const { db } = limiters;
  const now = limiters.clock.now();
  const address = `${scope} ${request.ip}`;
  const account = `${scope} ${normalizeEmail(email)}`;
  const accountAtAddress = `${account} ${request.ip}`;
  await limiters.accountAtAddress.check(accountAtAddress);
  const [byAccount, byAddress, overall] = await Promise.all([
    limiters.account.over(account),
    limiters.address.over(address),
    limiters.overall.over(scope),
  ]);
  if (byAddress !== null) logTrip(limiters, request, now.getTime(), 'address');
  if (overall !== null) logTrip(limiters, request, now.getTime(), 'overall');
  const braked = [byAccount, byAddress, overall].filter((s): s is number => s !== null);
  if (braked.length > 0) {
    const tag = tagOf(scope, email);
    const proofs = proofsIn(request).filter((p) => p.tag === tag);
    if (!(await deviceProven(db, scope, email, proofs, now))) {
      throw new AppError('rate_limited', { retryAfter: Math.max(...braked) });
    }
  }
  let result: T;
  try {
    result = await login();
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_credentials') {
      await Promise.all([
        limiters.accountAtAddress.fail(accountAtAddress),
        limiters.account.fail(account),
        limiters.address.fail(address),
        limiters.overall.fail(scope),
      ]);
    }
    throw err;
  }
  const proof = await issueDeviceProof(db, scope, email, result.user.id, now);
  if (proof) setProof(request, reply, scope, { ...proof, tag: tagOf(scope, email) });
  return result;
}
