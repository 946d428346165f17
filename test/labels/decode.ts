import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a real reader found on one page: zbarimg's `SYMBOLOGY:data` lines, parsed. */
export interface DecodedPage {
  code128: string[];
  qr: string[];
}

/** zbarimg prints `CODE-128:<data>` / `QR-Code:<data>`, one per line; data may hold any byte. */
export function parseZbar(output: string): DecodedPage {
  const page: DecodedPage = { code128: [], qr: [] };
  for (const line of output.split('\n')) {
    if (line.startsWith('CODE-128:')) page.code128.push(line.slice('CODE-128:'.length));
    else if (line.startsWith('QR-Code:')) page.qr.push(line.slice('QR-Code:'.length));
  }
  return page;
}

/** Decodes one PNG with zbarimg. Exit status 4 means "no symbol found": an empty page. */
export function decodePng(file: string): DecodedPage {
  try {
    // stderr carries only zbar's own chatter (e.g. about D-Bus), never results.
    const out = execFileSync('zbarimg', ['-q', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return parseZbar(out);
  } catch (error) {
    if ((error as { status?: number }).status === 4) return { code128: [], qr: [] };
    throw error;
  }
}

/**
 * Rasterises every page of a PDF at the printer's resolution with poppler's pdftoppm, as a
 * thermal printer would, and decodes each page with zbarimg.
 */
export function decodePdf(pdf: Buffer, dpi: number): DecodedPage[] {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-labels-'));
  try {
    const file = join(dir, 'labels.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', file, join(dir, 'page')]);
    return readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => decodePng(join(dir, name)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function decodePngBuffer(png: Buffer): DecodedPage {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-labels-'));
  try {
    const file = join(dir, 'label.png');
    writeFileSync(file, png);
    return decodePng(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

/**
 * One page of a PDF rasterised at `dpi` as 8-bit grey (pdftoppm's default anti-aliasing on),
 * cropped to a rectangle given in dots: the pixel values, row by row.
 */
export function rasterGrey(
  pdf: Buffer,
  dpi: number,
  page: number,
  crop: { x: number; y: number; width: number; height: number },
): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-labels-'));
  try {
    const file = join(dir, 'labels.pdf');
    writeFileSync(file, pdf);
    const args = ['-r', String(dpi), '-f', String(page), '-l', String(page), '-gray'];
    args.push('-x', String(crop.x), '-y', String(crop.y));
    args.push('-W', String(crop.width), '-H', String(crop.height));
    execFileSync('pdftoppm', [...args, '-singlefile', file, join(dir, 'page')]);
    return parsePgm(readFileSync(join(dir, 'page.pgm')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Binary PGM (P5, maxval 255): header "P5 <w> <h> 255" then one byte per pixel. */
function parsePgm(data: Buffer): Uint8Array {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary 8-bit PGM');
  const size = Number(header[1]) * Number(header[2]);
  return new Uint8Array(data.subarray(header[0].length, header[0].length + size));
}

export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-labels-'));
  try {
    const file = join(dir, 'labels.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
