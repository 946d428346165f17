import { ApiError, ConnectionError } from '../errors.js';
import { relativeTime } from '../output/format-time.js';

/** One line for the status bar: the server's message and code, never a stack trace. */
export function errorLine(error: unknown): string {
  let text: string;
  if (error instanceof ApiError) text = `${error.message} (${error.code})`;
  else if (error instanceof ConnectionError) text = error.message;
  else if (error instanceof Error) text = error.message;
  else text = String(error);
  return text.replace(/\s*\n\s*/g, ' ');
}

/** Errors worth retrying on their own: the server is away, overloaded or restarting. */
export function isTransient(error: unknown): boolean {
  if (error instanceof ConnectionError) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 429);
}

/** The token in hand stopped working (revoked key, expired session). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** `09:59` for a countdown; never negative. */
export function countdown(remainingMs: number): string {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "3 min ago" for a time, or a dash when there is none. */
export function ago(iso: string | null | undefined, now: Date): string {
  return iso ? relativeTime(iso, now) : '—';
}

/** Delay before retry number `attempt` (1, 2, …): doubling from `baseMs`, capped at `maxMs`. */
export function backoff(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
