import { useEffect, useState, type CSSProperties } from 'react';
import { Trans } from 'react-i18next';
import { useStationT } from '../station-i18n.js';
import type { ShownScan } from './describe-scan.js';
import { clockTime } from './RecentScans.js';
import { VERDICT_WORDS, VerdictIcon } from './VerdictIcon.js';

/** A refusal that came back when a waiting scan was sent: "1 of 3". */
export interface ReplayedRefusal {
  scan: ShownScan;
  number: number;
  of: number;
}

/** "just now", "3 min ago", "2 h ago": how long ago a scan was read, on the device's clock. */
export function agoText(
  t: ReturnType<typeof useStationT>['t'],
  scannedAt: string,
  now: number,
): string {
  const minutes = Math.floor((now - Date.parse(scannedAt)) / 60_000);
  if (minutes < 1) return t('verdict.just_now');
  if (minutes < 90) return t('verdict.minutes_ago', { count: minutes });
  return t('verdict.hours_ago', { count: Math.round(minutes / 60) });
}

/** The verdict word's length, for its type size to fit the panel in any language (station.css). */
function fitting(word: string): CSSProperties {
  return { ['--letters' as string]: word.length };
}

/** The time now, again every `everyMs`. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A refusal that came back after the outage, with how long ago it was read. */
function ReplayedVerdict({
  replayed: { scan: refused, number, of },
  onAcknowledge,
}: {
  replayed: ReplayedRefusal;
  onAcknowledge?: (() => void) | undefined;
}) {
  const { t, say } = useStationT();
  const now = useNow(15_000);
  return (
    <section
      className="verdict verdict-refused verdict-replayed"
      role="status"
      aria-live="assertive"
      aria-atomic="true"
      aria-label={t('verdict.result')}
      data-verdict="refused"
      data-barcode={refused.barcode}
      data-scan={refused.client_scan_id}
      data-replayed={`${number} of ${of}`}
    >
      <p className="verdict-word" style={fitting(t(VERDICT_WORDS.refused))}>
        <VerdictIcon kind="refused" />
        {t(VERDICT_WORDS.refused)}
        {of > 1 && <span className="verdict-count">{t('verdict.number_of', { number, of })}</span>}
      </p>
      <p className="verdict-barcode verdict-replayed-barcode">{refused.barcode}</p>
      <p className="verdict-message">{say(refused.message)}</p>
      <p className="verdict-when">
        {t('verdict.scanned_offline', {
          ago: agoText(t, refused.scanned_at, now),
          time: clockTime.format(new Date(refused.scanned_at)),
        })}
      </p>
      {refused.order && (
        <p className="verdict-order">
          {refused.piece && <>{say(refused.piece)} · </>}
          {refused.order}
        </p>
      )}
      <div className="verdict-acknowledge">
        <p>{t('verdict.take_back')}</p>
        <button type="button" className="acknowledge-button" onClick={onAcknowledge}>
          {number < of ? t('verdict.seen_next') : t('verdict.seen')}
        </button>
      </div>
    </section>
  );
}

/**
 * The verdict of the latest scan, large enough to read from two metres: icon and word, the
 * server's sentence, the piece and its order. A live region (`role="status"`) whose
 * `data-verdict` is `accepted`, `refused` or `queued` once the scan has one.
 *
 * A refusal that came back for a scan that had waited on the device takes the panel instead, and
 * keeps it until the operator acknowledges it (`onAcknowledge`: the button here, or Enter or any
 * scan in the scan field), one after another when there are several.
 */
export function VerdictPanel({
  scan,
  replayed,
  unsent,
  onAcknowledge,
}: {
  scan: ShownScan | undefined;
  replayed?: ReplayedRefusal | undefined;
  /** A scan that acknowledged a refusal and was not sent. */
  unsent?: string | null;
  onAcknowledge?: () => void;
}) {
  const { t, say } = useStationT();
  if (replayed) {
    return (
      <ReplayedVerdict
        key={replayed.scan.client_scan_id}
        replayed={replayed}
        onAcknowledge={onAcknowledge}
      />
    );
  }

  const verdict = scan && scan.state !== 'sending' ? scan.state : undefined;
  return (
    <section
      className={`verdict verdict-${scan?.state ?? 'idle'}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      aria-label={t('verdict.result')}
      data-verdict={verdict}
      data-barcode={scan?.barcode}
      data-scan={scan?.client_scan_id}
      data-operator={scan?.signed_in ? (scan.operator?.name ?? undefined) : undefined}
    >
      {!scan && <p className="verdict-word">{t('verdict.ready')}</p>}
      {!scan && unsent && (
        <p className="verdict-unsent">
          <Trans
            t={t}
            i18nKey="verdict.unsent"
            values={{ barcode: unsent }}
            components={{ b: <span className="verdict-unsent-barcode" /> }}
          />
        </p>
      )}
      {scan?.state === 'sending' && (
        <>
          <p className="verdict-word">{t('verdict.checking')}</p>
          <p className="verdict-barcode">{scan.barcode}</p>
        </>
      )}
      {scan && verdict && (
        <>
          <p className="verdict-word" style={fitting(t(VERDICT_WORDS[verdict]))}>
            <VerdictIcon kind={verdict} />
            {t(VERDICT_WORDS[verdict])}
          </p>
          {scan.signed_in && scan.operator ? (
            <p className="verdict-greeting">
              {t('verdict.greeting', { name: scan.operator.name })}
            </p>
          ) : (
            <p className="verdict-message">{say(scan.message)}</p>
          )}
          {scan.piece && (
            <p className="verdict-piece">
              {say(scan.piece)}
              {scan.piece_name && <span className="verdict-piece-name"> · {scan.piece_name}</span>}
            </p>
          )}
          {scan.order && <p className="verdict-order">{scan.order}</p>}
        </>
      )}
    </section>
  );
}
