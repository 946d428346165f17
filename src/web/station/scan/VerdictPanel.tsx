import type { ShownScan } from './describe-scan.js';
import { VERDICT_WORDS, VerdictIcon } from './VerdictIcon.js';

/**
 * The verdict of the latest scan, large enough to read from two metres: icon and word, the
 * server's sentence, the piece and its order. A live region (`role="status"`) whose
 * `data-verdict` is `accepted`, `refused` or `queued` once the scan has one.
 */
export function VerdictPanel({ scan }: { scan: ShownScan | undefined }) {
  const verdict = scan && scan.state !== 'sending' ? scan.state : undefined;
  return (
    <section
      className={`verdict verdict-${scan?.state ?? 'idle'}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      aria-label="Scan result"
      data-verdict={verdict}
      data-barcode={scan?.barcode}
    >
      {!scan && <p className="verdict-word">Ready to scan</p>}
      {scan?.state === 'sending' && (
        <>
          <p className="verdict-word">Checking…</p>
          <p className="verdict-barcode">{scan.barcode}</p>
        </>
      )}
      {scan && verdict && (
        <>
          <p className="verdict-word">
            <VerdictIcon kind={verdict} />
            {VERDICT_WORDS[verdict]}
          </p>
          <p className="verdict-message">{scan.message}</p>
          {scan.piece && (
            <p className="verdict-piece">
              {scan.piece}
              {scan.piece_name && <span className="verdict-piece-name"> · {scan.piece_name}</span>}
            </p>
          )}
          {scan.order && <p className="verdict-order">{scan.order}</p>}
        </>
      )}
    </section>
  );
}
