import { HOUR, MINUTE, SECOND } from '../../domain/clock.js';

/**
 * Waits before each retry: after a failed first attempt the next comes 5 s later, then 5 min
 * after that one, and so on. Eight attempts in all over about 28 hours; then `failed`.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Up to this share of a wait is added at random, so retries of many deliveries spread out. */
export const RETRY_JITTER = 0.1;

/** A receiver's `Retry-After` is honoured within these bounds. */
export const RETRY_AFTER_MIN_MS = 5 * SECOND;
export const RETRY_AFTER_MAX_MS = 10 * HOUR;

/** An endpoint that has failed every attempt for this long is disabled. */
export const FAILING_DISABLE_MS = 5 * 24 * HOUR;

/**
 * The wait before the next attempt of a delivery that has failed `attempts` times, or null when
 * it has had all its attempts. `random` returns [0, 1) (injected for tests).
 */
export function retryDelay(attempts: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 + RETRY_JITTER * random()));
}

/**
 * Milliseconds a `Retry-After` header asks for (delta-seconds or an HTTP date), bounded; null when
 * absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * SECOND;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return null;
    ms = at - now.getTime();
  }
  return Math.min(Math.max(ms, RETRY_AFTER_MIN_MS), RETRY_AFTER_MAX_MS);
}
