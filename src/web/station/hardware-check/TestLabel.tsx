import { CODE128, QR, TEXT } from 'virtual:test-label';
import { useStationT } from '../station-i18n.js';

/** Quiet zones, in modules, that scanners need around each symbol. */
const CODE128_QUIET = 10;
const QR_QUIET = 4;

function code128Path(): string {
  let x = CODE128_QUIET;
  let d = '';
  CODE128.bars.forEach((width, i) => {
    if (i % 2 === 0) d += `M${x} 0h${width}v1h-${width}z`;
    x += width;
  });
  return d;
}

function qrPath(): string {
  let d = '';
  for (let i = 0; i < QR.dark.length; i++) {
    if (QR.dark[i] !== '1') continue;
    d += `M${(i % QR.size) + QR_QUIET} ${Math.floor(i / QR.size) + QR_QUIET}h1v1h-1z`;
  }
  return d;
}

/**
 * The hardware test label, drawn from the symbols the build encoded (the printed label's
 * encoders): a 2D scanner can read it off the screen, and the browser's print dialog prints it
 * alone. Its text exposes keyboard-layout mismatches (`@ " # \ ~ |`), case and digits.
 */
export function TestLabel() {
  const { t } = useStationT();
  const width = CODE128.modules + 2 * CODE128_QUIET;
  const qrSide = QR.size + 2 * QR_QUIET;
  return (
    <figure className="test-label" aria-label={t('check.label_name')}>
      <svg
        className="test-label-code128"
        viewBox={`0 0 ${width} 1`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('check.label_code128', { text: TEXT })}
        // Two CSS pixels per module on screen, a third of a millimetre on paper (station.css).
        style={{ ['--modules' as string]: width }}
        shapeRendering="crispEdges"
      >
        <rect width={width} height="1" fill="#fff" />
        <path d={code128Path()} fill="#000" />
      </svg>
      <p className="test-label-text">{TEXT}</p>
      <svg
        className="test-label-qr"
        viewBox={`0 0 ${qrSide} ${qrSide}`}
        role="img"
        aria-label={t('check.label_qr', { text: TEXT })}
        style={{ ['--modules' as string]: qrSide }}
        shapeRendering="crispEdges"
      >
        <rect width={qrSide} height={qrSide} fill="#fff" />
        <path d={qrPath()} fill="#000" />
      </svg>
      <figcaption>{t('check.label_caption')}</figcaption>
    </figure>
  );
}
