import { formatDateTime } from '../../../shared/format.js';
import { EmptyState } from '../../../shared/ui/EmptyState.js';
import { SCAN_EVENT_LABELS, refusalWords } from './scan-words.js';
import type { Scan } from './use-order.js';

/**
 * A scan that waited on its station before it was sent: the station sends its own time
 * (`scanned_at`) only for those (docs/orders.md). A second's difference is not waiting: scans
 * recorded before stations sent it that way, and devices that send it always, carry their read
 * time a few milliseconds before the server's.
 */
function sentLater(scan: Scan): boolean {
  if (!scan.scanned_at) return false;
  return Math.abs(Date.parse(scan.at) - Date.parse(scan.scanned_at)) >= 1000;
}

/** The order's scans, newest first: accepted ones with what they did, refused ones with why. */
export function ScanTimeline({ scans }: { scans: Scan[] }) {
  if (scans.length === 0) {
    return (
      <EmptyState title="No scans yet">
        Scans appear here as stations read this order's labels. Print the labels and stick them on
        the pieces to begin.
      </EmptyState>
    );
  }
  return (
    <ol className="timeline">
      {[...scans].reverse().map((scan) => (
        <li key={scan.id} className={scan.accepted ? 'scan-accepted' : 'scan-refused'}>
          <span className="timeline-mark" aria-hidden="true">
            {scan.accepted ? '✓' : '✕'}
          </span>
          <div>
            <div className="timeline-title">
              {scan.accepted ? (
                <>
                  {SCAN_EVENT_LABELS[scan.event] ?? scan.event}{' '}
                  <span className="barcode">{scan.barcode}</span>
                  {scan.location && <> at bay {scan.location}</>}
                </>
              ) : (
                <>
                  <strong>Refused</strong> {scan.event} scan of{' '}
                  <span className="barcode">{scan.barcode}</span>: {refusalWords(scan.reason)}
                </>
              )}
            </div>
            <div className="timeline-meta">
              {formatDateTime(scan.at)} · {scan.station}
              {sentLater(scan) && <> · read at {formatDateTime(scan.scanned_at)}, sent later</>}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
