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
 * The last scans, newest first: time, barcode, verdict. A scan refused after waiting through an
 * outage is flagged — the operator already moved on, and that piece needs them back.
 */
export function RecentScans({ scans }: { scans: ShownScan[] }) {
  return (
    <section className="recent" aria-labelledby="recent-title">
      <h2 id="recent-title">Last scans</h2>
      {scans.length === 0 ? (
        <p className="recent-empty">No scans yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Barcode</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {scans.map((scan) => {
              const flagged = scan.after_outage && scan.state === 'refused';
              return (
                <tr
                  key={scan.client_scan_id}
                  className={`recent-${scan.state}${flagged ? ' recent-flagged' : ''}`}
                >
                  <td>{clockTime.format(new Date(scan.scanned_at))}</td>
                  <td className="recent-barcode">{scan.barcode}</td>
                  <td className="recent-result">
                    {scan.state === 'sending' ? (
                      'Checking…'
                    ) : (
                      <>
                        <span className="recent-verdict">
                          <VerdictIcon kind={scan.state} />
                          {VERDICT_WORDS[scan.state]}
                        </span>
                        {flagged && (
                          <span className="recent-flag"> after reconnecting: {scan.message}</span>
                        )}
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
