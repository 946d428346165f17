import { AppError, invalid } from '../../domain/errors.js';
import { normalizeScannedBarcode } from '../../domain/barcode.js';
import type { ScanEvent } from '../../domain/scan-rules.js';
import type { CoreContext } from '../context.js';
import { applyScan, ClientScanIdTaken, type StationPrincipal } from './apply-scan.js';
import { groupCommitOf } from './group-commit.js';
import type { RecordedScan } from './scan-view.js';

/** POST /v1/scans as a station sends it. */
export interface ScanInput {
  barcode: string;
  location?: string | null;
  client_scan_id?: string;
  scanned_at?: string;
  /** Optional: when given it must be the station's role. */
  event?: ScanEvent;
}

/**
 * Records a scan by a station. Accepted and refused scans alike are recorded and answered (the
 * verdict is in the answer); only a request that is not a scan at all throws: an `event` other
 * than the station's role (403 `station_role_mismatch`) or a barcode that is nothing but a
 * scanner suffix (400).
 *
 * Scans go through the group committer: concurrent scans share one transaction and one disk
 * sync, each in its own savepoint, and this resolves only after that transaction committed.
 */
export async function recordScan(
  ctx: CoreContext,
  station: StationPrincipal,
  input: ScanInput,
): Promise<RecordedScan> {
  if (input.event !== undefined && input.event !== station.role) {
    throw new AppError('station_role_mismatch', {
      param: 'event',
      message: `This station records ${station.role} scans only, not ${input.event}.`,
    });
  }
  const barcode = normalizeScannedBarcode(input.barcode);
  if (barcode === '')
    throw invalid('barcode', 'barcode is empty once the scanner suffix is removed.');
  const request = {
    barcode,
    location: input.location ?? null,
    clientScanId: input.client_scan_id ?? null,
    // Stored like every instant: UTC with milliseconds.
    scannedAt: input.scanned_at === undefined ? null : new Date(input.scanned_at).toISOString(),
  };

  const committer = groupCommitOf(ctx);
  try {
    return await committer.submit((tx) => applyScan(tx, station, request));
  } catch (err) {
    // Another transaction recorded this client_scan_id first: now it answers that scan.
    if (err instanceof ClientScanIdTaken) {
      return committer.submit((tx) => applyScan(tx, station, request));
    }
    throw err;
  }
}
