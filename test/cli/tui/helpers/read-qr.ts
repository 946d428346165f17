import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HALF_BLOCKS: Record<string, [number, number]> = {
  '█': [1, 1],
  '▀': [1, 0],
  '▄': [0, 1],
  ' ': [0, 0],
};

/**
 * The QR code drawn at the top left of a screen, as zbarimg reads it: the half-block characters
 * are turned back into pixels (a character's foreground is a light module) and decoded.
 */
export function readQrFromScreen(screen: string): string {
  const lines = screen.split('\n');
  const top = lines.findIndex((line) => /^█{21,}/.test(line));
  if (top < 0) throw new Error(`no QR code on screen:\n${screen}`);
  const width = /^█+/.exec(lines[top]!)![0].length;
  const rows: string[] = [];
  for (const line of lines.slice(top)) {
    const part = [...line].slice(0, width).join('').padEnd(width);
    if (![...part].every((char) => char in HALF_BLOCKS)) break;
    rows.push(part);
    if (rows.length * 2 >= width) break;
  }
  const scale = 6;
  const border = 4 * scale;
  const pixelsWide = width * scale + border * 2;
  const pixelsHigh = rows.length * 2 * scale + border * 2;
  const image = Buffer.alloc(pixelsWide * pixelsHigh, 255);
  rows.forEach((row, rowIndex) => {
    [...row].forEach((char, col) => {
      const halves = HALF_BLOCKS[char]!;
      halves.forEach((light, half) => {
        if (light) return;
        for (let y = 0; y < scale; y += 1) {
          const py = border + (rowIndex * 2 + half) * scale + y;
          const start = py * pixelsWide + border + col * scale;
          image.fill(0, start, start + scale);
        }
      });
    });
  });
  const dir = mkdtempSync(join(tmpdir(), 'tui-qr-'));
  try {
    const file = join(dir, 'qr.pgm');
    writeFileSync(
      file,
      Buffer.concat([Buffer.from(`P5 ${pixelsWide} ${pixelsHigh} 255\n`), image]),
    );
    const out = execFileSync('zbarimg', ['-q', '--raw', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
