import PDFDocument from 'pdfkit';

/** The three faces a label uses; the PDF draws them with the standard fonts named here. */
export type FontFace = 'regular' | 'bold' | 'mono';

export const PDF_FONTS: Record<FontFace, string> = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  // The test string is compared character by character: a monospaced face keeps `|`, `/`, `\`,
  // `l` and `1` apart.
  mono: 'Courier-Bold',
};

let measurer: PDFKit.PDFDocument | undefined;

/** Widths at size 1, per face and text: labels of one order repeat most of their strings. */
const unitWidths = new Map<string, number>();
const UNIT_WIDTH_CACHE_LIMIT = 10_000;

/**
 * The width of `text` set in `face` at `size`, in the unit of `size` (dots in, dots out).
 *
 * Layouts are measured once with these metrics and printed both as PDF and as ZPL. ZPL's
 * scalable font 0 (a condensed face) is narrower than Helvetica at the same height, so a line
 * measured to fit here also fits on a Zebra printer.
 */
export function textWidth(text: string, face: FontFace, size: number): number {
  const key = `${face}\u0000${text}`;
  let unit = unitWidths.get(key);
  if (unit === undefined) {
    // A document that is never ended: only its font metrics are used, nothing is written.
    measurer ??= new PDFDocument({ autoFirstPage: false });
    // Advance widths and kerning scale linearly with the size: measure once, at 1000.
    unit = measurer.font(PDF_FONTS[face]).fontSize(1000).widthOfString(text) / 1000;
    if (unitWidths.size >= UNIT_WIDTH_CACHE_LIMIT) unitWidths.clear();
    unitWidths.set(key, unit);
  }
  return unit * size;
}

/** The characters of Windows-1252 beyond Latin-1, which the PDF standard fonts also encode. */
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters with no decomposition to a base letter plus accents. */
const BASE_LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  Ŀ: 'L',
};

function encodable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.has(char)
  );
}

/**
 * Text as the label can print it. The PDF's standard fonts encode Windows-1252 only, and would
 * draw any other character as some unrelated glyph; so a letter outside it loses its accents
 * (`Ł` → `L`, `ș` → `s`), and what has no such form prints as `?`. ZPL gets the same text, so
 * both formats print the same label.
 */
export function printableText(text: string): string {
  let out = '';
  for (const char of text) {
    // Whitespace is the text fitter's to collapse, not a character to print.
    if (encodable(char) || /\s/u.test(char)) {
      out += char;
      continue;
    }
    const base = BASE_LETTERS[char] ?? char.normalize('NFD').replace(/\p{M}+/gu, '');
    out += base !== '' && Array.from(base).every(encodable) ? base : '?';
  }
  return out;
}
