import { findPrinter } from '../../store/printers/printers.repository.js';
import { invalid, notFound } from '../../domain/errors.js';
import { setStationLoad } from '../../store/consignments/consignments.repository.js';
import { openConsignmentRow } from '../consignments/consignments.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import * as stations from '../../store/stations/stations.repository.js';
import type { StationTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact, type Tx } from '../transaction.js';
import { toStationView, type StationView } from './station-view.js';

export async function listStations(
  ctx: CoreContext,
  factoryId: string,
  params: PageParams,
): Promise<Page<StationView>> {
  const rows = await stations.listStations(ctx.db, factoryId, params);
  return toPage(rows, params, toStationView);
}

export async function getStation(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<StationView> {
  const row = await stations.stationOf(ctx.db, factoryId, id);
  if (!row) throw notFound('station', 'id', id);
  return toStationView(row);
}

/**
 * A station that can still change: revoked stations are kept for their history but are no longer
 * stations of the floor, so changes to them answer 404 like a missing one.
 */
export async function activeStationRow(
  tx: Tx,
  factoryId: string,
  id: string,
): Promise<StationTable> {
  const row = await stations.activeStationOf(tx.trx, factoryId, id);
  if (!row) throw notFound('active station', 'id', id);
  return row;
}

export interface StationPatch {
  name?: string;
  /** The bay used by stock scans that carry none; null or blank clears it. */
  default_location?: string | null;
  /** A dispatch station's consignment (DESIGN §15): an open one, or null to stop loading. */
  consignment_id?: string | null;
  /** The printer it prints on; null: none. */
  printer_id?: string | null;
}

export function updateStation(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  patch: StationPatch,
): Promise<StationView> {
  return transact(ctx, async (tx) => {
    const row = await activeStationRow(tx, factoryId, id);
    const next: StationTable = { ...row };
    if (patch.name !== undefined) next.name = patch.name.trim();
    if (patch.default_location !== undefined) {
      next.default_location = patch.default_location?.trim() || null;
    }
    if (patch.consignment_id !== undefined) {
      await loadInto(tx, row, patch.consignment_id);
      next.consignment_id = patch.consignment_id;
      next.handling_unit_id = null;
      next.updated_at = tx.nowIso;
    }
    if (patch.printer_id !== undefined) {
      if (patch.printer_id !== null && !(await findPrinter(tx.trx, factoryId, patch.printer_id))) {
        throw invalid('printer_id', `No printer has the id ${patch.printer_id}.`);
      }
      next.printer_id = patch.printer_id;
    }
    if (
      next.name === row.name &&
      next.default_location === row.default_location &&
      next.printer_id === row.printer_id
    ) {
      return toStationView(next);
    }
    next.updated_at = tx.nowIso;
    await stations.updateStation(tx.trx, id, {
      name: next.name,
      default_location: next.default_location,
      printer_id: next.printer_id,
      updated_at: next.updated_at,
    });
    return toStationView(next);
  });
}

/** Points a dispatch station at an open consignment (its handling unit cleared), or at none. */
async function loadInto(tx: Tx, row: StationTable, consignmentId: string | null): Promise<void> {
  if (consignmentId !== null) {
    if (row.role !== 'dispatch') {
      throw invalid(
        'consignment_id',
        `Only a dispatch station loads a consignment; this one records ${row.role} scans.`,
      );
    }
    await openConsignmentRow(tx, row.factory_id, consignmentId);
  }
  await setStationLoad(tx.trx, row.factory_id, row.id, {
    consignment_id: consignmentId,
    handling_unit_id: null,
    updated_at: tx.nowIso,
  });
}

/**
 * Revokes a station: its token stops working on its next request (tokens are looked up on every
 * request). The station stays listed with `revoked_at`, and its scans stay in every history.
 * Revoking again answers the first revocation.
 */
export function revokeStation(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<{ id: string; object: 'station'; revoked_at: string }> {
  return transact(ctx, async (tx) => {
    const row = await stations.stationRevocationOf(tx.trx, factoryId, id);
    if (!row) throw notFound('station', 'id', id);
    if (row.revoked_at) return { id, object: 'station', revoked_at: row.revoked_at };
    await stations.revokeStation(tx.trx, id, tx.nowIso);
    return { id, object: 'station', revoked_at: tx.nowIso };
  });
}
