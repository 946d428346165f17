import { randomFillSync } from 'node:crypto';

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
  upload: 'upl',
  staff: 'stf',
  session: 'ses',
  request: 'req',
  backupRun: 'bkp',
  consignment: 'cns',
  handlingUnit: 'hnu',
  printer: 'prn',
  printJob: 'pjb',
  audit: 'aud',
  operator: 'opr',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Random bytes are drawn from the system source a few kilobytes at a time: one call per id made
 * the draw a good part of an id's cost, and a scan makes several ids.
 */
const pool = new Uint8Array(4096);
let poolAt = pool.length;

function randomPart(): Uint8Array {
  if (poolAt + 10 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  poolAt += 10;
  return pool.slice(poolAt - 10, poolAt);
}

/** Last random part handed out per millisecond, for the few most recent milliseconds. */
const lastRandomByMs = new Map<number, Uint8Array>();

/**
 * Ids made in the same millisecond by this process count up from the first one's random part,
 * so they still sort in the order they were made (a page boundary never reorders them) — even
 * when ids for other instants (another clock, e.g. request ids) are made in between.
 */
function nextRandom(ms: number): Uint8Array {
  const last = lastRandomByMs.get(ms);
  if (last) {
    // Counted up in place: the caller encodes it at once, before any other id is made.
    for (let i = last.length - 1; i >= 0; i--) {
      last[i] = (last[i]! + 1) & 0xff;
      if (last[i] !== 0) break;
    }
    return last;
  }
  if (lastRandomByMs.size >= 64) lastRandomByMs.delete(lastRandomByMs.keys().next().value!);
  const fresh = randomPart();
  // Leave headroom so counting up within one millisecond never wraps the random part.
  fresh[0] = fresh[0]! & 0x7f;
  lastRandomByMs.set(ms, fresh);
  return fresh;
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
  // 80 bits → 16 characters of 5 bits, as two halves of 40 bits (exact in a double, and 40 is
  // a multiple of 5): a few times faster than BigInt, which matters for 10,000-piece orders.
  let out = '';
  for (let half = 0; half < 10; half += 5) {
    let value = 0;
    for (let i = half; i < half + 5; i++) value = value * 256 + bytes[i]!;
    let chars = '';
    for (let i = 0; i < 8; i++) {
      chars = CROCKFORD[value % 32]! + chars;
      value = Math.floor(value / 32);
    }
    out += chars;
  }
  return out;
}

export function newId(kind: IdKind, now: Date): string {
  const ms = Math.max(now.getTime(), 0);
  return `${ID_PREFIXES[kind]}_${encodeTime(ms)}${encodeRandom(nextRandom(ms))}`;
}

const ID_BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Any record id (a prefix, `_`, 26 characters of Crockford base32), as a JSON Schema pattern. */
export const ID_PATTERN = '^[a-z]{3}_[0-9A-HJKMNP-TV-Z]{26}$';

/** True when `value` has the shape of an id of that kind (no database lookup). */
export function isIdOf(kind: IdKind, value: string): boolean {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return value.startsWith(prefix) && ID_BODY.test(value.slice(prefix.length));
}
