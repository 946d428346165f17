import { notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import * as hardwareChecks from '../../store/stations/hardware-checks.repository.js';
import { setStationHardware, stationExists } from '../../store/stations/stations.repository.js';
import type { HardwareCheckTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact, type Tx } from '../transaction.js';
import { toHardwareCheckView, type HardwareCheckView } from './station-view.js';
import { activeStationRow } from './stations.js';

/** The body of spec 4.7: what the station's set-up screen found. */
export interface HardwareCheckInput {
  scanner_label?: string;
  input_mode: HardwareCheckView['input_mode'];
  suffix: HardwareCheckView['suffix'];
  avg_char_ms?: number;
  code128_ok?: boolean;
  qr_ok?: boolean;
  layout_ok?: boolean;
  passed: boolean;
  notes?: string;
}

const flag = (value: boolean | undefined): number | null =>
  value === undefined ? null : value ? 1 : 0;

/**
 * Records a hardware check in the station's history and makes it the station's last known
 * hardware state. Only an active station can be checked: a revoked one answers 404.
 */
export function recordHardwareCheck(
  ctx: CoreContext,
  factoryId: string,
  stationId: string,
  input: HardwareCheckInput,
): Promise<HardwareCheckView> {
  return transact(ctx, async (tx) => {
    await activeStationRow(tx, factoryId, stationId);
    return writeHardwareCheck(tx, factoryId, stationId, input);
  });
}

/**
 * Writes a check of an active station inside the caller's transaction: the history row, the
 * station's `hardware`, and `station.hardware_checked`. Also used by a test-label scan that
 * carries the station's own check (record-scan.ts).
 */
export async function writeHardwareCheck(
  tx: Tx,
  factoryId: string,
  stationId: string,
  input: HardwareCheckInput,
): Promise<HardwareCheckView> {
  const row: HardwareCheckTable = {
    id: newId('hardwareCheck', tx.now),
    factory_id: factoryId,
    station_id: stationId,
    scanner_label: input.scanner_label?.trim() || null,
    input_mode: input.input_mode,
    suffix: input.suffix,
    avg_char_ms: input.avg_char_ms ?? null,
    code128_ok: flag(input.code128_ok),
    qr_ok: flag(input.qr_ok),
    layout_ok: flag(input.layout_ok),
    passed: input.passed ? 1 : 0,
    notes: input.notes?.trim() || null,
    checked_at: tx.nowIso,
  };
  await hardwareChecks.insertHardwareCheck(tx.trx, row);
  const view = toHardwareCheckView(row);
  await setStationHardware(tx.trx, stationId, JSON.stringify(view), tx.nowIso);
  tx.emit(factoryId, 'station.hardware_checked', view);
  return view;
}

/** A station's checks, newest first; revoked stations keep their history. */
export async function listHardwareChecks(
  ctx: CoreContext,
  factoryId: string,
  stationId: string,
  params: PageParams,
): Promise<Page<HardwareCheckView>> {
  if (!(await stationExists(ctx.db, factoryId, stationId))) {
    throw notFound('station', 'id', stationId);
  }
  const rows = await hardwareChecks.listHardwareChecks(ctx.db, factoryId, stationId, params);
  return toPage(rows, params, toHardwareCheckView);
}
