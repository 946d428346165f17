import type { StationPrincipal } from '../auth/station-tokens.js';
import { newId } from '../../domain/ids.js';
import { operatorStillSignedIn } from '../../domain/operator-badge.js';
import {
  operatorById,
  operatorByBadge,
  setStationOperator,
} from '../../store/operators/operators.repository.js';
import type { StationOperator } from '../../store/scans/scans.repository.js';
import { readScanByClientId, writeScan } from '../../store/scans/scans.repository.js';
import type { DB, ScanTable } from '../../store/schema.js';
import { stampLastScan } from '../../store/stations/last-scan-stamps.js';
import type { Transaction } from 'kysely';
import type { Tx } from '../transaction.js';
import { stationView, type RecordedScan, type ScanOperator, type ScanRecord } from './scan-view.js';

/**
 * Operators at stations (DESIGN §17). A station's row keeps who signed in at it; each scan is
 * recorded as theirs until another badge, the sign-out badge, or `operator_idle_minutes` with no
 * scan at the station. The station's row and this scan's read come in one statement (the scan's
 * own read), so a scan costs no more statements; a badge scan writes the station's row, at once.
 *
 * Times are the scan's own (`scanned_at`, else now): a station's queued scans, replayed in order
 * after a network cut, keep the operator who made them — their badge scan replays first.
 */

/** What of a scan's request a badge or an operator's attribution reads (apply-scan's ScanRequest). */
export interface OperatorScanRequest {
  barcode: { key: string };
  clientScanId: string | null;
  scannedAt: string | null;
}

const asOperator = (o: { id: string; name: string; language: ScanOperator['language'] }) => ({
  id: o.id,
  name: o.name,
  language: o.language,
});

/** The operator this scan is recorded as made by: the one signed in at the station, still. */
export async function operatorOfScan(
  tx: Tx,
  station: StationPrincipal,
  request: OperatorScanRequest,
  signedIn: StationOperator | null,
): Promise<ScanOperator | null> {
  if (!signedIn) return null;
  const at = request.scannedAt ?? tx.nowIso;
  if (operatorStillSignedIn(at, signedIn.since, signedIn.lastScanAt, signedIn.idleMinutes)) {
    return asOperator(signedIn);
  }
  // Idle too long: signed out, from this scan on.
  await tx.unit.writeAtOnce();
  await setStationOperator(tx.trx, station.stationId, null, null);
  return null;
}

/**
 * A badge scan: an operator's badge signs them in at the station (an unknown or inactive badge
 * is refused, and whoever was signed in stays); the sign-out badge signs whoever was out. Kept
 * in the station's scans like every scan, on no order.
 */
export async function signInOrOut(
  tx: Tx,
  station: StationPrincipal,
  request: OperatorScanRequest,
  before: StationOperator | null,
  badge: 'badge' | 'sign_out',
): Promise<RecordedScan> {
  const key = request.barcode.key;
  const at = request.scannedAt ?? tx.nowIso;
  const found = badge === 'badge' ? await operatorByBadge(tx.trx, station.factoryId, key) : null;
  const known = found && found.active === 1 ? found : null;
  const refused = badge === 'badge' && !known;
  const row: ScanTable = {
    id: newId('scan', tx.now),
    factory_id: station.factoryId,
    station_id: station.stationId,
    station_name: station.stationName,
    event: station.role,
    barcode: key,
    piece_id: null,
    order_id: null,
    accepted: refused ? 0 : 1,
    reason: refused ? 'unknown_barcode' : null,
    location: null,
    test_label: 0,
    client_scan_id: request.clientScanId,
    scanned_at: request.scannedAt,
    at: tx.nowIso,
    // A sign-in is its operator's; a sign-out the leaving operator's.
    operator_id: known?.id ?? (badge === 'sign_out' ? (before?.id ?? null) : null),
    consignment_id: null,
    handling_unit_id: null,
  };
  const written = await writeScan(tx, row);
  if (!written) {
    const previous =
      request.clientScanId === null
        ? undefined
        : await readScanByClientId(tx.trx, station.stationId, request.clientScanId);
    if (!previous) throw new Error(`scan ${row.id} was not recorded`);
    const made =
      previous.operator_id === null
        ? null
        : await readOperator(tx.trx, previous.factory_id, previous.operator_id);
    const scan = stationView(
      badgeAnswer(baseRecord(previous), previous, previous.reason === null ? made : null),
    );
    return { scan, json: JSON.stringify(scan), replayed: true };
  }
  if (!refused) {
    await tx.unit.writeAtOnce();
    await setStationOperator(tx.trx, station.stationId, known?.id ?? null, known ? at : null);
  }
  const after = known ? asOperator(known) : refused && before ? asOperator(before) : null;
  const record = badgeAnswer(baseRecord(row), row, after);
  tx.emit(station.factoryId, 'scan.recorded', record, JSON.stringify(record));
  stampLastScan(tx, station.stationId, tx.nowIso);
  const scan = stationView(record);
  return { scan, json: JSON.stringify(scan), replayed: false };
}

function baseRecord(row: ScanTable): ScanRecord {
  return {
    id: row.id,
    object: 'scan',
    accepted: row.accepted === 1,
    reason: row.reason,
    message: '',
    event: row.event,
    barcode: row.barcode,
    location: row.location,
    station: row.station_name,
    station_id: row.station_id,
    client_scan_id: row.client_scan_id,
    scanned_at: row.scanned_at,
    at: row.at,
    test_label: false,
    operator_id: row.operator_id,
    operator: null,
    piece: null,
    order: null,
    consignment_id: null,
    handling_unit_id: null,
    consignment: null,
  };
}

/** A badge scan's answer: its message, and who is signed in after it. */
export function badgeAnswer(
  record: ScanRecord,
  row: ScanTable,
  after: ScanOperator | null,
): ScanRecord {
  const message =
    row.accepted !== 1
      ? `Refused: ${row.barcode} is no operator's badge`
      : after
        ? `Signed in: ${after.name}`
        : 'Signed out';
  return { ...record, message, operator: after };
}

/** An operator by id, as a scan shows them (null when no longer there). */
export async function readOperator(
  trx: Transaction<DB>,
  factoryId: string,
  id: string,
): Promise<ScanOperator | null> {
  const row = await operatorById(trx, factoryId, id);
  return row ? asOperator(row) : null;
}
