import { memo } from 'react';
import type { ShownScan } from './describe-scan.js';
import { VERDICT_WORDS, VerdictIcon } from './VerdictIcon.js';

/** A time of day as the floor reads it: 24-hour, with seconds. */
export const clockTime = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * One scan on one line. Rows are kept (memo) while their scan is unchanged: a new scan renders
 * one row, not twenty.
 */
const ScanRow = memo(function ScanRow({ scan }: { scan: ShownScan }) {
  const flagged = scan.after_outage && scan.state === 'refused';
  return (
    <tr className={`recent-${scan.state}${flagged ? ' recent-flagged' : ''}`}>
      <td>{clockTime.format(new Date(scan.scanned_at))}</td>
      <td className="recent-barcode">{scan.barcode}</td>
      <td className="recent-result" title={flagged ? scan.message : undefined}>
        {scan.state === 'sending' ? (
          'Checking…'
        ) : (
          <>
            <VerdictIcon kind={scan.state} />
            {VERDICT_WORDS[scan.state]}
            {flagged && <span className="recent-flag"> after reconnecting</span>}
          </>
        )}
      </td>
    </tr>
  );
});

/**
 * The last scans, newest first: time, barcode, verdict, one line each; as many as the screen has
 * room for (the page never scrolls). A scan refused after waiting through an outage is flagged;
 * its reason held the verdict panel until the operator acknowledged it.
 */
export function RecentScans({ scans }: { scans: ShownScan[] }) {
  return (
    <section className="recent" aria-labelledby="recent-title">
      <h2 id="recent-title">Last scans</h2>
      {scans.length === 0 ? (
        <p className="recent-empty">No scans yet.</p>
      ) : (
        <table>
          <colgroup>
            <col className="recent-col-time" />
            <col className="recent-col-barcode" />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Barcode</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {scans.map((scan) => (
              <ScanRow key={scan.client_scan_id} scan={scan} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
