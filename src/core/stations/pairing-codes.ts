import { randomBytes } from 'node:crypto';
import { SECOND } from '../../domain/clock.js';
import { AppError, notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import {
  formatPairingCode,
  generatePairingCode,
  isWellFormedPairingCode,
  normalizePairingCode,
} from '../../domain/pairing-code.js';
import type { StationRole } from '../../domain/scan-rules.js';
import { hashToken, newToken } from '../../domain/tokens.js';
import * as pairingCodes from '../../store/stations/pairing-codes.repository.js';
import { insertStation } from '../../store/stations/stations.repository.js';
import { pairingSettingsOf } from '../../store/settings/settings.repository.js';
import type { StationTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import { toStationView } from './station-view.js';

/** How long a pairing code can be used (spec §8). */
export const PAIRING_CODE_TTL_SECONDS = 600;

/**
 * Unused, unexpired codes a factory may hold at once. A supervisor needs a handful; the bound
 * keeps the space of valid codes tiny against guessing even if a key or session is abused.
 */
export const MAX_LIVE_PAIRING_CODES = 50;

export interface PairingCodeView {
  /** The code's record, to follow it with GET /v1/stations/pairing-codes/{id}. */
  id: string;
  /** Shown with its dash: `BCDF-GHJK`. */
  code: string;
  /** `<station_app_scheme>://pair?code=BCDFGHJK`, for the station app's camera. */
  qr: string;
  /**
   * The station page with the code (`<public_url>/station#code=BCDF-GHJK`; a board's: `/board#…`): any phone's camera
   * opens it from a QR, and the page pairs by itself (DESIGN §12).
   */
  pair_url: string;
  /**
   * True when no `public_url` is set and the server listens on a loopback address only: then
   * `pair_url` opens on the server's own machine only, and the staff app says how to fix it.
   */
  loopback_only: boolean;
  expires_in_seconds: number;
  expires_at: string;
  name: string;
  role: StationRole;
}

/** What the request asking for a code knows of where the station page is served. */
export interface StationAddress {
  /** Origin (and path prefix, if any) of the server as a device would reach it; no trailing slash. */
  base: string;
  /** The server listens on a loopback address only. */
  loopbackOnly: boolean;
}

export interface PairedStation {
  id: string;
  name: string;
  role: StationRole;
  /** The station's permanent token: returned this once, only its hash is kept. */
  token: string;
}

/**
 * Issues a single-use pairing code for a station to be, valid for ten minutes. Only a hash of
 * the code is stored. A factory holding too many live codes gets 429 `rate_limited`, with
 * `retry-after` set to when its oldest live code expires.
 */
export function createPairingCode(
  ctx: CoreContext,
  factoryId: string,
  input: { name: string; role: StationRole },
  address: StationAddress,
): Promise<PairingCodeView> {
  return transact(ctx, async (tx) => {
    const live = await pairingCodes.liveCodeExpiries(
      tx.trx,
      factoryId,
      tx.nowIso,
      MAX_LIVE_PAIRING_CODES,
    );
    if (live.length >= MAX_LIVE_PAIRING_CODES) {
      const retryAfter = Math.max(1, Math.ceil((Date.parse(live[0]!) - tx.now.getTime()) / SECOND));
      throw new AppError('rate_limited', {
        message: `This factory already has ${MAX_LIVE_PAIRING_CODES} unused pairing codes; wait until one is used or expires.`,
        retryAfter,
      });
    }

    const settings = await pairingSettingsOf(tx.trx, factoryId);

    // Codes are unique over every code still stored; a clash (1 in 2.5·10¹⁰) just draws again.
    let code = generatePairingCode(randomBytes);
    while (await pairingCodes.codeHashTaken(tx.trx, hashToken(code))) {
      code = generatePairingCode(randomBytes);
    }

    const expiresAt = new Date(tx.now.getTime() + PAIRING_CODE_TTL_SECONDS * SECOND).toISOString();
    const name = input.name.trim();
    const id = newId('pairingCode', tx.now);
    await pairingCodes.insertPairingCode(tx.trx, {
      id,
      factory_id: factoryId,
      code_hash: hashToken(code),
      name,
      role: input.role,
      created_at: tx.nowIso,
      expires_at: expiresAt,
      used_at: null,
      station_id: null,
    });

    const issued = formatPairingCode(code);
    return {
      id,
      code: issued,
      qr: `${settings.station_app_scheme}://pair?code=${code}`,
      pair_url: `${settings.public_url ?? address.base}/${input.role === 'board' ? 'board' : 'station'}#code=${issued}`,
      loopback_only: settings.public_url === null && address.loopbackOnly,
      expires_in_seconds: PAIRING_CODE_TTL_SECONDS,
      expires_at: expiresAt,
      name,
      role: input.role,
    };
  });
}

/** What became of a pairing code: never the code itself, which only its hash keeps. */
export interface PairingCodeState {
  id: string;
  object: 'pairing_code';
  name: string;
  role: StationRole;
  /** `pending` until a device pairs with it or it expires. */
  status: 'pending' | 'paired' | 'expired';
  created_at: string;
  expires_at: string;
  paired_at: string | null;
  /** The station the code made, once paired. */
  station_id: string | null;
}

/**
 * GET /v1/stations/pairing-codes/{id}: whether that very code has been used, so the screen that
 * shows a code can tell when its station has paired (a name may be shared by several stations;
 * the code's record is not). Expired codes are deleted by housekeeping after a while: then 404.
 */
export async function getPairingCode(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<PairingCodeState> {
  const row = await pairingCodes.pairingCodeOf(ctx.db, factoryId, id);
  if (!row) throw notFound('pairing code', 'id', id);
  const now = ctx.clock.now().toISOString();
  return {
    id: row.id,
    object: 'pairing_code',
    name: row.name,
    role: row.role,
    status: row.used_at !== null ? 'paired' : row.expires_at <= now ? 'expired' : 'pending',
    created_at: row.created_at,
    expires_at: row.expires_at,
    paired_at: row.used_at,
    station_id: row.station_id,
  };
}

/**
 * Pairs a device with a code as a person typed it (case, dashes and spaces do not matter):
 * creates the station and answers its token once. Unknown or already used → 400
 * `invalid_pairing_code`; expired → 410 `pairing_code_expired`. Of two devices racing with the
 * same code exactly one wins; the other is told the code is used.
 */
export async function pairStation(ctx: CoreContext, typedCode: string): Promise<PairedStation> {
  const code = normalizePairingCode(typedCode);
  if (!isWellFormedPairingCode(code)) throw new AppError('invalid_pairing_code');

  return transact(ctx, async (tx) => {
    const pairing = await pairingCodes.pairingCodeOfHash(tx.trx, hashToken(code));
    if (!pairing || pairing.used_at !== null) throw new AppError('invalid_pairing_code');
    if (pairing.expires_at <= tx.nowIso) throw new AppError('pairing_code_expired');

    const token = newToken('station');
    const row: StationTable = {
      id: newId('station', tx.now),
      factory_id: pairing.factory_id,
      name: pairing.name,
      role: pairing.role,
      token_hash: hashToken(token),
      default_location: null,
      hardware: null,
      paired_at: tx.nowIso,
      last_scan_at: null,
      revoked_at: null,
      printer_id: null,
      operator_id: null,
      operator_since: null,
      updated_at: tx.nowIso,
      consignment_id: null,
      handling_unit_id: null,
    };
    await insertStation(tx.trx, row);

    const used = await pairingCodes.markPairingCodeUsed(tx.trx, pairing.id, row.id, tx.nowIso);
    // Another process used the code in between: throwing also removes the station just made.
    if (!used) throw new AppError('invalid_pairing_code');

    tx.emit(pairing.factory_id, 'station.paired', toStationView(row));
    return { id: row.id, name: row.name, role: row.role, token };
  });
}
