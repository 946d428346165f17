import type { Clock } from '../domain/clock.js';
import { AppError } from '../domain/errors.js';

/**
 * Counts failures per key (a client address, an account) in a sliding window and refuses further
 * attempts once `max` failures are inside it. Successes are never counted. In memory, per process:
 * enough to make guessing pairing codes or passwords hopeless.
 */
export class FailureLimiter {
  readonly #failures = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  #recent(key: string, now: number): number[] {
    const kept = (this.#failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, kept);
    return kept;
  }

  /** Throws 429 `rate_limited` (with retry-after) when `key` is over the limit. */
  check(key: string): void {
    const now = this.clock.now().getTime();
    const recent = this.#recent(key, now);
    if (recent.length >= this.max) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
      throw new AppError('rate_limited', { retryAfter });
    }
  }

  fail(key: string): void {
    const now = this.clock.now().getTime();
    const recent = this.#recent(key, now);
    recent.push(now);
    this.#failures.set(key, recent);
    // Bound memory against a flood of distinct keys.
    if (this.#failures.size > 100_000) {
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
  }
}
