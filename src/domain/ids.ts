import { randomBytes } from 'node:crypto';

/**
 * Record id prefixes (DESIGN §3). An id is a prefix plus 26 characters of Crockford base32:
 * 48 bits of milliseconds then 80 random bits, so ids sort by creation time.
 */
export const ID_PREFIXES = {
  factory: 'fac',
  order: 'ord',
  orderLine: 'oln',
  piece: 'pce',
  scan: 'scn',
  station: 'stn',
  pairingCode: 'pcd',
  hardwareCheck: 'hwc',
  apiKey: 'key',
  retailer: 'rtl',
  retailerUser: 'rtu',
  return: 'ret',
  webhookEndpoint: 'whe',
  event: 'evt',
  delivery: 'dlv',
  staff: 'stf',
  session: 'ses',
  request: 'req',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

let lastMs = -1;
let lastRandom = new Uint8Array(10);

/**
 * Ids made in the same millisecond by this process count up from the first one's random part,
 * so they still sort in the order they were made (a page boundary never reorders them).
 */
function nextRandom(ms: number): Uint8Array {
  if (ms === lastMs) {
    const next = Uint8Array.from(lastRandom);
    for (let i = next.length - 1; i >= 0; i--) {
      next[i] = (next[i]! + 1) & 0xff;
      if (next[i] !== 0) break;
    }
    lastRandom = next;
    return next;
  }
  lastMs = ms;
  lastRandom = new Uint8Array(randomBytes(10));
  return lastRandom;
}

function encodeTime(ms: number): string {
  let out = '';
  let value = ms;
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[value % 32]! + out;
    value = Math.floor(value / 32);
  }
  return out;
}

function encodeRandom(bytes: Uint8Array): string {
  // 80 bits → 16 characters of 5 bits.
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = '';
  for (let i = 0; i < 16; i++) {
    out = CROCKFORD[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return out;
}

export function newId(kind: IdKind, now: Date): string {
  const ms = Math.max(now.getTime(), 0);
  return `${ID_PREFIXES[kind]}_${encodeTime(ms)}${encodeRandom(nextRandom(ms))}`;
}

const ID_BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** True when `value` has the shape of an id of that kind (no database lookup). */
export function isIdOf(kind: IdKind, value: string): boolean {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return value.startsWith(prefix) && ID_BODY.test(value.slice(prefix.length));
}
