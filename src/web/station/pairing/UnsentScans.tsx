import { useEffect, useState } from 'react';
import { formatDateTime } from '../../shared/format.js';
import { openScanQueue, type QueuedScan, type ScanQueue } from '../offline/scan-queue.js';
import { useStationT } from '../station-i18n.js';

/**
 * Scans still on the device from a station that was revoked before they could be sent: they can
 * never be recorded with its token. They are listed so someone can record them another way, and
 * discarded only when a person says so.
 */
export function UnsentScans() {
  const { t } = useStationT();
  const [queue, setQueue] = useState<ScanQueue | null>(null);
  const [scans, setScans] = useState<QueuedScan[]>([]);

  useEffect(() => {
    let gone = false;
    openScanQueue()
      .then(async (q) => {
        const left = await q.others('');
        if (!gone) {
          setQueue(q);
          setScans(left);
        }
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, []);

  if (!queue || scans.length === 0) return null;
  return (
    <section className="unsent" aria-labelledby="unsent-title">
      <h2 id="unsent-title">{t('unsent.title', { count: scans.length })}</h2>
      <p>{t('unsent.intro')}</p>
      <ul>
        {scans.map((s) => (
          <li key={s.client_scan_id}>
            {s.barcode} <small>({formatDateTime(s.scanned_at)})</small>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="secondary"
        onClick={() => {
          // What could not be removed stays listed, to be discarded again.
          const discard = async () => {
            for (const s of scans) await queue.remove(s.seq!);
          };
          discard()
            .catch(() => undefined)
            .then(() => queue.others(''))
            .then(setScans)
            .catch(() => undefined);
        }}
      >
        {t('unsent.discard')}
      </button>
    </section>
  );
}
