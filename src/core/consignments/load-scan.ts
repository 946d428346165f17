import { formatConsignmentNumber } from '../../domain/consignment-number.js';
import { AppError } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import type { RefusalReason } from '../../domain/scan-rules.js';
import * as store from '../../store/consignments/consignments.repository.js';
import type { ScanTable } from '../../store/schema.js';
import { readScan, readScanByClientId, writeScan } from '../../store/scans/scans.repository.js';
import { stampLastScan } from '../../store/stations/last-scan-stamps.js';
import type { StationPrincipal } from '../auth/station-tokens.js';
import type { CoreContext } from '../context.js';
import type { ScanRequest } from '../scans/apply-scan.js';
import {
  stationView,
  type RecordedScan,
  type ScanConsignment,
  type ScanRecord,
} from '../scans/scan-view.js';
import { transact, type Tx } from '../transaction.js';
import { readContents, toConsignmentView } from './consignment-view.js';

/** What a dispatch station read that is no piece: a consignment's number or an SSCC label. */
export type LoadTarget = { kind: 'consignment'; number: number } | { kind: 'sscc'; sscc: string };

/**
 * A dispatch station scanned a consignment's number (it loads into that consignment from now
 * on) or a handling unit's SSCC label (its next pieces go on that pallet, in that unit's
 * consignment). Recorded in the ledger like every scan: accepted, or refused `unknown_barcode`
 * (no such consignment or unit) or `consignment_closed`. Rare next to piece scans, so in a
 * transaction of its own rather than the scans' group commit.
 */
export function recordLoadScan(
  ctx: CoreContext,
  station: StationPrincipal,
  request: ScanRequest,
  target: LoadTarget,
): Promise<RecordedScan> {
  const factoryId = station.factoryId;
  return transact(ctx, async (tx) => {
    const checked = await readScan(tx, request.read);
    if (!checked) {
      ctx.stationTokens.forget(station.tokenHash);
      throw new AppError('invalid_token');
    }
    if (request.clientScanId !== null) {
      const previous = await readScanByClientId(tx.trx, station.stationId, request.clientScanId);
      if (previous) return answer(tx, previous, true);
    }
    let consignment: store.ConsignmentRow | undefined;
    let unit: { id: string; sscc: string } | null = null;
    if (target.kind === 'consignment') {
      consignment = await store.consignmentByNumber(tx.trx, factoryId, target.number);
    } else {
      const found = await store.handlingUnitBySscc(tx.trx, factoryId, target.sscc);
      if (found) {
        unit = { id: found.id, sscc: found.sscc };
        consignment = await store.consignmentOf(tx.trx, factoryId, found.consignment_id);
      }
    }
    const reason: RefusalReason | null = !consignment
      ? 'unknown_barcode'
      : consignment.status !== 'open'
        ? 'consignment_closed'
        : null;
    if (consignment && reason === null) {
      await store.setStationLoad(tx.trx, factoryId, station.stationId, {
        consignment_id: consignment.id,
        handling_unit_id: unit?.id ?? null,
        updated_at: tx.nowIso,
      });
    }
    const row: ScanTable = {
      id: newId('scan', tx.now),
      factory_id: factoryId,
      station_id: station.stationId,
      station_name: checked.stationName,
      event: station.role,
      barcode: target.kind === 'sscc' ? target.sscc : request.barcode.key,
      piece_id: null,
      order_id: null,
      accepted: reason === null ? 1 : 0,
      reason,
      location: null,
      test_label: 0,
      client_scan_id: request.clientScanId,
      scanned_at: request.scannedAt,
      at: tx.nowIso,
      consignment_id: consignment?.id ?? null,
      handling_unit_id: reason === null ? (unit?.id ?? null) : null,
      operator_id: checked.operator?.id ?? null,
    };
    await writeScan(tx, row);
    stampLastScan(tx, station.stationId, tx.nowIso);
    const recorded = await answer(tx, row, false);
    tx.emit(factoryId, 'scan.recorded', recorded.record, recorded.json);
    return recorded;
  });
}

/** The answer to a load scan (or to its resend): the consignment with its progress. */
async function answer(
  tx: Tx,
  row: ScanTable,
  replayed: boolean,
): Promise<RecordedScan & { record: ScanRecord }> {
  let consignment: ScanConsignment | null = null;
  let message = `Refused: unknown barcode ${row.barcode}`;
  if (row.consignment_id !== null) {
    const found = await store.consignmentOf(tx.trx, row.factory_id, row.consignment_id);
    if (found) {
      const contents = (await readContents(tx.trx, row.factory_id, [found.id])).get(found.id)!;
      const view = toConsignmentView(found, contents);
      const unit =
        row.handling_unit_id === null ? null : { id: row.handling_unit_id, sscc: row.barcode };
      consignment = {
        id: found.id,
        number: view.number,
        retailer_name: found.retailer_name,
        open: found.status === 'open',
        handling_unit: unit,
        pieces_loaded: view.pieces_loaded,
        pieces_to_load: view.pieces_to_load,
      };
      const number = formatConsignmentNumber(found.number);
      message =
        row.accepted === 1
          ? unit
            ? `Loading onto pallet ${unit.sscc} · ${number}`
            : `Loading ${number} · ${found.retailer_name}`
          : `Refused: ${number} is ${found.status}`;
    }
  }
  const record: ScanRecord = {
    id: row.id,
    object: 'scan',
    accepted: row.accepted === 1,
    reason: row.reason,
    message,
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
    consignment_id: row.consignment_id,
    handling_unit_id: row.handling_unit_id,
    consignment,
  };
  const scan = stationView(record);
  return { scan, json: JSON.stringify(scan), replayed, record };
}
