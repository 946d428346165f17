import { API_KEY_SCOPES, type ApiKeyScope } from '../../../contract/enums.js';
import { UsageError } from '../../errors.js';

const UNITS: Record<string, number> = { m: 60, h: 3600, d: 86_400 };

/**
 * A span written `90m`, `12h` or `30d`, in seconds; undefined when the text is not one.
 * `0` (any unit) is zero.
 */
export function parseSpan(text: string): number | undefined {
  const match = /^(\d+)\s*([mhd])$/i.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * UNITS[match[2]!.toLowerCase()]!;
}

/**
 * When a key expires, from `--expires`: a span from now (`90d`, `12h`, `30m`), a date
 * (`2027-01-31`, the start of that day in UTC) or an ISO 8601 instant.
 */
export function parseExpiry(text: string, now: Date): string {
  const span = parseSpan(text);
  if (span !== undefined) {
    if (span === 0) throw new UsageError('--expires must be later than now');
    return new Date(now.getTime() + span * 1000).toISOString();
  }
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text;
  const at = Date.parse(date);
  if (Number.isNaN(at)) {
    throw new UsageError(
      `--expires takes a span (90d, 12h, 30m), a date (2027-01-31) or an ISO instant, not "${text}"`,
    );
  }
  return new Date(at).toISOString();
}

/** `--overlap` in seconds: a span (`24h`, `0m`) or a number of seconds. */
export function parseOverlap(text: string): number {
  const span = parseSpan(text) ?? (/^\d+$/.test(text.trim()) ? Number(text) : undefined);
  if (span === undefined) {
    throw new UsageError(`--overlap takes a span (24h, 7d, 0m) or seconds, not "${text}"`);
  }
  return span;
}

/** `--scope` values, repeated or comma separated, each one of the scopes. */
export function parseScopes(values: readonly string[]): ApiKeyScope[] {
  const scopes = values
    .flatMap((v) => v.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  for (const scope of scopes) {
    if (!(API_KEY_SCOPES as readonly string[]).includes(scope)) {
      throw new UsageError(`unknown scope "${scope}": one of ${API_KEY_SCOPES.join(', ')}`);
    }
  }
  return scopes as ApiKeyScope[];
}
