import { Trans } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.js';
import { EmptyState } from '../../../shared/ui/EmptyState.js';
import { useStaffT } from '../../staff-i18n.js';
import { REFUSAL_KEYS, REFUSED_SCAN_KEYS, SCAN_EVENT_KEYS } from './scan-words.js';
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
  const { t } = useStaffT();
  if (scans.length === 0) {
    return (
      <EmptyState title={t('orders.timeline.none')}>{t('orders.timeline.none_next')}</EmptyState>
    );
  }
  /** Why a scan was refused; a reason this app does not know yet as the server names it. */
  const why = (reason: string | null) => {
    if (!reason) return t('orders.timeline.refusal.refused');
    const key = REFUSAL_KEYS[reason];
    return key ? t(key) : reason.replace(/_/g, ' ');
  };
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
                  {SCAN_EVENT_KEYS[scan.event] ? t(SCAN_EVENT_KEYS[scan.event]!) : scan.event}{' '}
                  <span className="barcode">{scan.barcode}</span>
                  {scan.location && <> {t('orders.timeline.at_bay', { bay: scan.location })}</>}
                </>
              ) : (
                <Trans
                  t={t}
                  i18nKey={REFUSED_SCAN_KEYS[scan.event] ?? 'orders.timeline.refused.produce'}
                  values={{ barcode: scan.barcode, why: why(scan.reason) }}
                  components={{ strong: <strong />, code: <span className="barcode" /> }}
                />
              )}
            </div>
            <div className="timeline-meta">
              {formatDateTime(scan.at)} · {scan.station}
              {sentLater(scan) && (
                <> · {t('orders.timeline.read_later', { time: formatDateTime(scan.scanned_at) })}</>
              )}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
