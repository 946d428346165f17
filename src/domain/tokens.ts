import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** Bearer token kinds and their prefixes (DESIGN §4). */
export const TOKEN_PREFIXES = {
  apiKey: 'sk_live_',
  station: 'st_live_',
  staffSession: 'ss_',
  retailerSession: 'rs_',
  webhookSecret: 'whsec_',
} as const;

export type TokenKind = keyof typeof TOKEN_PREFIXES;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters of base62 from the system's CSPRNG, without modulo bias. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes at or above it would favour the first characters.
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function newToken(kind: TokenKind): string {
  return TOKEN_PREFIXES[kind] + randomBase62(32);
}

/** Webhook signing secrets are 24 random bytes, base64, as Standard Webhooks libraries expect. */
export function newWebhookSecret(): string {
  return TOKEN_PREFIXES.webhookSecret + randomBytes(24).toString('base64');
}

/** Tokens are stored as SHA-256: they are long and random, so a slow hash adds nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Which kind a presented bearer token claims to be, from its prefix alone. */
export function tokenKindOf(token: string): Exclude<TokenKind, 'webhookSecret'> | null {
  if (token.startsWith(TOKEN_PREFIXES.apiKey)) return 'apiKey';
  if (token.startsWith(TOKEN_PREFIXES.station)) return 'station';
  if (token.startsWith(TOKEN_PREFIXES.staffSession)) return 'staffSession';
  if (token.startsWith(TOKEN_PREFIXES.retailerSession)) return 'retailerSession';
  return null;
}

const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function scryptAsync(
  password: string,
  salt: Buffer,
  keylen: number,
  N: number,
  r: number,
  p: number,
) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password, salt, keylen, { N, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Password hash as `scrypt$N$r$p$salt$hash` (base64), so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p, keylen } = SCRYPT_PARAMS;
  const key = await scryptAsync(password, salt, keylen, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, +n, +r, +p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a password nobody has, so unknown accounts cost the same time as wrong passwords. */
export const DUMMY_PASSWORD_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
