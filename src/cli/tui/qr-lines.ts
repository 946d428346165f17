import QRCode from 'qrcode';

/**
 * A QR code as lines of half-block characters, two modules per character row. Light modules
 * (and the quiet zone) are drawn in the foreground colour, so on the usual light-on-dark
 * terminal the code reads the right way round; callers that may use colour pin the colours to
 * white on black so any theme shows the same.
 */
export function qrLines(text: string, options: { margin?: number } = {}): string[] {
  const margin = options.margin ?? 2;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'L' });
  const size = modules.size;
  const total = size + margin * 2;
  const light = (row: number, col: number): boolean => {
    if (row >= total) return false;
    const r = row - margin;
    const c = col - margin;
    if (r < 0 || c < 0 || r >= size || c >= size) return true;
    return !modules.get(r, c);
  };
  const lines: string[] = [];
  for (let row = 0; row < total; row += 2) {
    let line = '';
    for (let col = 0; col < total; col += 1) {
      const top = light(row, col);
      const bottom = light(row + 1, col);
      line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
    }
    lines.push(line);
  }
  return lines;
}
