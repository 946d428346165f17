import { AppError, invalid } from '../../domain/errors.js';
import {
  readScannedBarcode,
  type ScanEvent,
  type ScannedBarcode,
} from '../../domain/scan-rules.js';
import { scanReadAhead } from '../../store/scans/scans.repository.js';
import type { CoreContext } from '../context.js';
import { writeHardwareCheck, type HardwareCheckInput } from '../stations/hardware-checks.js';
import type { HardwareCheckView } from '../stations/station-view.js';
import type { StationPrincipal } from '../auth/station-tokens.js';
import { parseConsignmentNumber } from '../../domain/consignment-number.js';
import { ssccFromScan } from '../../domain/sscc.js';
import { recordLoadScan } from '../consignments/load-scan.js';
import { applyScan } from './apply-scan.js';
import type { RecordedScan } from './scan-view.js';
import type { Tx } from '../transaction.js';

/** POST /v1/scans as a station sends it. */
export interface ScanInput {
  barcode: string;
  location?: string | null;
  client_scan_id?: string;
  scanned_at?: string;
  /** Optional: when given it must be the station's role. */
  event?: ScanEvent;
  /**
   * The station's own hardware check (spec 4.7), measured while it read the test label: allowed
   * only on a scan of the test label, recorded for this station in the scan's transaction.
   */
  hardware_check?: HardwareCheckInput;
}

/** A scan that carried a hardware check answers the check it recorded too. */
export type RecordedScanWithCheck = RecordedScan & {
  scan: RecordedScan['scan'] & { hardware_check?: HardwareCheckView };
};

/**
 * A station token may do nothing but scan, so a station's own hardware check rides on its scan
 * of the test label. The label's first letters read alike on every layout; a read that is not
 * exact is a layout (or caps lock) problem, and cannot be reported as one that passed.
 */
function assertCheckFitsScan(barcode: ScannedBarcode, check: HardwareCheckInput): void {
  if (!barcode.testLabelRead) {
    throw invalid(
      'hardware_check',
      'A hardware check rides only on a scan of the test label (a barcode that begins FDTEST).',
    );
  }
  if (barcode.testLabel) return;
  if (check.layout_ok === true) {
    throw invalid(
      'hardware_check.layout_ok',
      'The test label was not read exactly, so layout_ok cannot be true.',
    );
  }
  if (check.passed) {
    throw invalid(
      'hardware_check.passed',
      'The test label was not read exactly, so the check cannot have passed.',
    );
  }
}

/**
 * Records a scan by a station. Accepted and refused scans alike are recorded and answered (the
 * verdict is in the answer); only a request that is not a scan at all throws: an `event` other
 * than the station's role (403 `station_role_mismatch`) or a barcode that is nothing but a
 * scanner suffix (400).
 *
 * Scans go through the group committer (src/core/group-commit.ts): concurrent scans share one
 * transaction and one disk sync, and this resolves only after that transaction committed.
 */
export async function recordScan(
  ctx: CoreContext,
  station: StationPrincipal,
  input: ScanInput,
): Promise<RecordedScanWithCheck> {
  if (input.event !== undefined && input.event !== station.role) {
    throw new AppError('station_role_mismatch', {
      param: 'event',
      message: `This station records ${station.role} scans only, not ${input.event}.`,
    });
  }
  const barcode = readScannedBarcode(input.barcode);
  if (barcode.text === '')
    throw invalid('barcode', 'barcode is empty once the scanner suffix is removed.');
  const check = input.hardware_check;
  if (check) assertCheckFitsScan(barcode, check);
  const clientScanId = input.client_scan_id ?? null;
  const request = {
    read: {
      factoryId: station.factoryId,
      stationId: station.stationId,
      tokenHash: station.tokenHash,
      barcode: barcode.key,
      clientScanId,
    },
    barcode,
    location: input.location ?? null,
    clientScanId,
    // Stored like every instant: UTC with milliseconds.
    scannedAt: input.scanned_at === undefined ? null : new Date(input.scanned_at).toISOString(),
  };

  // A dispatch station reads a consignment's number or a pallet's SSCC label to load into it.
  if (station.role === 'dispatch' && !barcode.testLabelRead && !check) {
    const number = parseConsignmentNumber(barcode.key);
    const sscc = number === null ? ssccFromScan(barcode.text) : null;
    if (number !== null)
      return recordLoadScan(ctx, station, request, { kind: 'consignment', number });
    if (sscc !== null) return recordLoadScan(ctx, station, request, { kind: 'sscc', sscc });
  }

  const work = async (tx: Tx): Promise<RecordedScanWithCheck> => {
    const recorded = await applyScan(tx, station, request, ctx.stationTokens);
    // A replay answers the first scan and records nothing new, its check included.
    if (!check || recorded.replayed) return recorded;
    const view = await writeHardwareCheck(tx, station.factoryId, station.stationId, check);
    const scan = { ...recorded.scan, hardware_check: view };
    return { ...recorded, scan, json: JSON.stringify(scan) };
  };
  const recorded = await ctx.groupCommit.submit(work, scanReadAhead(request.read));
  if (!recorded.replayed) {
    const { scan } = recorded;
    ctx.figures.scans.inc(scan.event, scan.accepted ? 'accepted' : (scan.reason ?? 'refused'));
  }
  return recorded;
}
