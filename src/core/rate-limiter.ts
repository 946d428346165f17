import { createHash } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import { AppError } from '../domain/errors.js';
import type { Db } from '../store/database.js';
import {
  failuresSince,
  insertFailure,
} from '../store/rate-limits/rate-limit-failures.repository.js';

/**
 * Counts failures per key (a client address, an account) in a sliding window and refuses further
 * attempts once `max` failures are inside it. Successes are never counted. The failures are rows
 * in the database (`rate_limit_failures`, the key hashed), so several factoryd on one PostgreSQL
 * limit guessing together, exactly as one process does (DESIGN §13); they also survive a
 * restart. Housekeeping deletes rows past every window.
 */
export class FailureLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Names this limiter's rows: `pairing`, `login-address` … */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Throws 429 `rate_limited` (with retry-after) when `key` is over the limit. */
  async check(key: string): Promise<void> {
    const retryAfter = await this.over(key);
    if (retryAfter !== null) throw new AppError('rate_limited', { retryAfter });
  }

  /** Seconds until `key` is under the limit again, or null when it is under it now. */
  async over(key: string): Promise<number | null> {
    const now = this.clock.now().getTime();
    const failures = await failuresSince(
      this.db,
      this.name,
      hashKey(key),
      new Date(now - this.windowMs).toISOString(),
    );
    if (failures.count < this.max || !failures.first) return null;
    return Math.max(1, Math.ceil((Date.parse(failures.first) + this.windowMs - now) / 1000));
  }

  /** Counts one failure of `key`. */
  async fail(key: string): Promise<void> {
    await insertFailure(this.db, {
      limiter: this.name,
      key_hash: hashKey(key),
      at: this.clock.now().toISOString(),
    });
  }
}

/** Keys are client addresses and login names: stored as a hash, never as they are. */
function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** The longest window of any limiter: rows older than this count for none. */
export const RATE_LIMIT_RETENTION_MS = 60 * 60 * 1000;
