import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn as SVG from the encoder's modules: crisp at any size, no image file, nothing
 * inline that the Content-Security-Policy would refuse. Dark modules are one path.
 */
export function QrCode({
  text,
  label,
  size = 220,
}: {
  text: string;
  label: string;
  size?: number;
}) {
  const { path, modules } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
      }
    }
    return { path: d, modules: modules.size };
  }, [text]);
  const extent = modules + 8; // four modules of quiet zone on each side
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
