import bwipjs from 'bwip-js';
import QRCode from 'qrcode';

/** Quiet zones, in modules, that scanners need around a symbol (ISO/IEC 15417, 18004). */
export const CODE128_QUIET_MODULES = 10;
export const QR_QUIET_MODULES = 4;

/**
 * QR error correction level M (15 %): survives a scuffed or partly torn label while keeping
 * piece barcodes in the smallest symbol versions. ZPL is given the same level.
 */
export const QR_ERROR_CORRECTION = 'M';

export interface Code128Symbol {
  data: string;
  /** Widths in modules, alternating bar and space, starting and ending with a bar. */
  bars: number[];
  /** Total width in modules, without quiet zones. */
  modules: number;
}

export interface QrSymbol {
  data: string;
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Row-major, 1 for a dark module. */
  dark: Uint8Array;
}

/** Encodes with bwip-js, which picks the shortest mix of code sets A, B and C. */
export function encodeCode128(data: string): Code128Symbol {
  const [symbol] = bwipjs.raw('code128', data, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js returned no Code 128 symbol');
  const bars = symbol.sbs;
  return { data, bars, modules: bars.reduce((sum, width) => sum + width, 0) };
}

/** GS1-128 of AI-form data, `(00)…`: Code 128 with FNC1 first (bwip-js checks the AI's data). */
export function encodeGs1_128(data: string): Code128Symbol {
  const [symbol] = bwipjs.raw('gs1-128', data, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js returned no GS1-128 symbol');
  const bars = symbol.sbs;
  return { data, bars, modules: bars.reduce((sum, width) => sum + width, 0) };
}

/**
 * Encodes with the `qrcode` package (ISO/IEC 18004: optimal mode segments, mask chosen by the
 * penalty rules). bwip-js encodes QR too, but about ten times slower: at 1,000 labels a run that
 * difference is most of the PDF's time budget.
 */
export function encodeQr(data: string): QrSymbol {
  const { modules } = QRCode.create(data, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  return { data, size: modules.size, dark: modules.data.map((bit) => (bit ? 1 : 0)) };
}

/**
 * A symbol's size depends only on the classes of its characters, not on which ones they are:
 * for Code 128 whether each is a digit (set C pairs), needs set A or set B, or fits either; for
 * QR whether it is numeric, alphanumeric or a byte. Sizes are cached by that shape, so laying out
 * 1,000 labels `ACME 0000001`…`ACME 0001000` encodes one symbol of each kind, not 1,000: ZPL
 * never needs the symbols themselves (the printer encodes them).
 */
const code128Sizes = new Map<string, number>();
const qrSizes = new Map<string, number>();
const SIZE_CACHE_LIMIT = 1_000;

function code128Shape(data: string): string {
  let shape = '';
  for (const char of data) {
    const code = char.codePointAt(0) ?? 0;
    if (char >= '0' && char <= '9') shape += '0';
    else if (code < 32) shape += 'A';
    else if (code >= 96 && code < 128) shape += 'B';
    else if (code < 96) shape += 'X';
    else shape += char;
  }
  return shape;
}

const QR_ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]$/;

function qrShape(data: string): string {
  let shape = '';
  for (const char of data) {
    if (char >= '0' && char <= '9') shape += 'n';
    else if (QR_ALPHANUMERIC.test(char)) shape += 'a';
    else if (char.charCodeAt(0) < 128) shape += 'b';
    else shape += char;
  }
  return shape;
}

function cached(cache: Map<string, number>, key: string, compute: () => number): number {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= SIZE_CACHE_LIMIT) cache.clear();
    value = compute();
    cache.set(key, value);
  }
  return value;
}

/** Width in modules, without quiet zones, of the Code 128 symbol of `data`. */
export function code128Modules(data: string): number {
  return cached(code128Sizes, code128Shape(data), () => encodeCode128(data).modules);
}

/** Modules per side, without the quiet zone, of the QR symbol of `data`. */
export function qrSize(data: string): number {
  return cached(qrSizes, qrShape(data), () => encodeQr(data).size);
}
