/**
 * Operators' badges (DESIGN §17): `OP ` and a per-factory serial of six digits (`OP 000042`), and
 * one fixed sign-out badge any station reads as "whoever is signed in here signs out". Only
 * A-Z, 0-9 and a space, as piece barcodes: every keyboard layout sends them alike.
 */
export const BADGE_PREFIX = 'OP ';
export const SIGN_OUT_BADGE = 'OP SIGNOUT';

/** The languages an operator's station page may speak. */
export const OPERATOR_LANGUAGES = ['en', 'pl', 'ro'] as const;
export type OperatorLanguage = (typeof OPERATOR_LANGUAGES)[number];

export function badgeOf(serial: number): string {
  return `${BADGE_PREFIX}${String(serial).padStart(6, '0')}`;
}

/** The serial of a badge, or null when the text is not an operator's badge. */
export function badgeSerial(badge: string): number | null {
  const match = /^OP (\d{6,})$/.exec(badge);
  return match ? Number(match[1]) : null;
}

/** What a scanned key (upper-cased) is: an operator's badge, the sign-out badge, or neither. */
export function readBadge(key: string): 'sign_out' | 'badge' | null {
  if (key === SIGN_OUT_BADGE) return 'sign_out';
  return badgeSerial(key) === null ? null : 'badge';
}

/**
 * Whether a station's operator is still signed in at `at`: signed in since `since`, the station's
 * last scan at `lastScanAt`, and no scan for `idleMinutes` (null: never timed out) signs out.
 */
export function operatorStillSignedIn(
  at: string,
  since: string,
  lastScanAt: string | null,
  idleMinutes: number | null,
): boolean {
  if (idleMinutes === null) return true;
  const last = lastScanAt !== null && lastScanAt > since ? lastScanAt : since;
  return Date.parse(at) - Date.parse(last) <= idleMinutes * 60_000;
}
