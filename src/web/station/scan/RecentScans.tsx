import { memo } from 'react';
import { formatClock } from '../../shared/format.js';
import { useStationT } from '../station-i18n.js';
import type { ShownScan } from './describe-scan.js';
import { VERDICT_WORDS, VerdictIcon } from './VerdictIcon.js';

/** A time of day as the floor reads it: 24-hour, with seconds, in the station's language. */
export const clockTime = { format: (date: Date) => formatClock(date) };

/**
 * One scan on one line. Rows are kept (memo) while their scan is unchanged: a new scan renders
 * one row, not twenty.
 */
const ScanRow = memo(function ScanRow({ scan }: { scan: ShownScan }) {
  const { t, say } = useStationT();
  const flagged = scan.after_outage && scan.state === 'refused';
  return (
    <tr className={`recent-${scan.state}${flagged ? ' recent-flagged' : ''}`}>
      <td>{clockTime.format(new Date(scan.scanned_at))}</td>
      <td className="recent-barcode">{scan.barcode}</td>
      <td className="recent-result" title={flagged ? say(scan.message) : undefined}>
        {scan.state === 'sending' ? (
          t('verdict.checking')
        ) : (
          <>
            <VerdictIcon kind={scan.state} />
            {t(VERDICT_WORDS[scan.state])}
            {flagged && <span className="recent-flag">{t('recent.after_reconnecting')}</span>}
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
  const { t } = useStationT();
  return (
    <section className="recent" aria-labelledby="recent-title">
      <h2 id="recent-title">{t('recent.title')}</h2>
      {scans.length === 0 ? (
        <p className="recent-empty">{t('recent.empty')}</p>
      ) : (
        <table>
          <colgroup>
            <col className="recent-col-time" />
            <col className="recent-col-barcode" />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t('recent.time')}</th>
              <th scope="col">{t('recent.barcode')}</th>
              <th scope="col">{t('recent.result')}</th>
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
