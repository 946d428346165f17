import { CODE128_QUIET_MODULES } from './barcode-symbols.js';
import type { LabelSheet } from './label-sheet.js';
import { pointsToDots } from './label-sheet.js';
import type { FitOptions } from './text-fit.js';
import { fitText } from './text-fit.js';
import type { FontFace } from './text-metrics.js';
import { printableText, textWidth } from './text-metrics.js';

/**
 * A label placed on its sheet: every position and size in whole printer dots, top-left origin.
 * The PDF and the ZPL renderers draw the same layout, so both print the same label.
 */
export interface LabelLayout {
  sheet: LabelSheet;
  elements: LayoutElement[];
}

export type LayoutElement = TextElement | Code128Element | QrElement | RuleElement;

export interface TextElement {
  type: 'text';
  x: number;
  /** Top of the first line. */
  y: number;
  /** Font size (em height) in dots. */
  size: number;
  lineHeight: number;
  face: FontFace;
  lines: string[];
}

export interface Code128Element {
  type: 'code128';
  /** Left edge of the first bar; the quiet zone lies outside. */
  x: number;
  y: number;
  height: number;
  /** Narrowest bar, in whole dots. */
  module: number;
  data: string;
  /** Symbol width in modules. */
  modules: number;
  /**
   * GS1-128: `data` is in AI form, `(00)004000000000000015`, encoded with FNC1 first and the
   * parentheses left out (the PDF through bwip-js `gs1-128`, ZPL through ^BC mode D).
   */
  gs1?: boolean;
}

export interface QrElement {
  type: 'qr';
  /** Top-left corner of the first module; the quiet zone lies outside. */
  x: number;
  y: number;
  /** Side of one module, in whole dots. */
  module: number;
  data: string;
  /** Modules per side. */
  size: number;
}

export interface RuleElement {
  type: 'rule';
  x: number;
  y: number;
  width: number;
  height: number;
}

const LINE_HEIGHT = 1.15;

export interface TextBlock {
  text: string;
  face: FontFace;
  /** Sizes in points (1/72 in), converted to dots for the sheet. */
  maxPt: number;
  minPt: number;
  maxLines: number;
}

/** Fits a block of text into a width on a sheet and places it with its top-left at (x, y). */
export function placeText(
  sheet: LabelSheet,
  block: TextBlock,
  x: number,
  y: number,
  width: number,
): TextElement {
  const options: FitOptions = {
    width,
    maxSize: pointsToDots(block.maxPt, sheet.dpi),
    minSize: pointsToDots(block.minPt, sheet.dpi),
    maxLines: block.maxLines,
  };
  const fitted = fitText(printableText(block.text), options, (text, size) =>
    textWidth(text, block.face, size),
  );
  return {
    type: 'text',
    x,
    y,
    size: fitted.size,
    lineHeight: Math.round(fitted.size * LINE_HEIGHT),
    face: block.face,
    // A no-break space only steers wrapping; printers' fonts may lack the glyph.
    lines: fitted.lines.map((line) => line.replaceAll('\u00a0', ' ')),
  };
}

export function textHeight(element: TextElement): number {
  return element.lines.length * element.lineHeight;
}

/** Places blocks top to bottom in one column, each below the last. */
export class Column {
  readonly elements: LayoutElement[] = [];

  constructor(
    private readonly sheet: LabelSheet,
    private readonly x: number,
    public y: number,
    private readonly width: number,
  ) {}

  text(block: TextBlock): TextElement {
    const element = placeText(this.sheet, block, this.x, this.y, this.width);
    if (element.lines.length > 0) this.elements.push(element);
    this.y += textHeight(element);
    return element;
  }

  gap(points: number): void {
    this.y += pointsToDots(points, this.sheet.dpi);
  }

  rule(points: number): void {
    const height = Math.max(1, pointsToDots(points, this.sheet.dpi));
    this.elements.push({ type: 'rule', x: this.x, y: this.y, width: this.width, height });
    this.y += height;
  }
}

/**
 * Module sizes in whole dots. Code 128's narrowest bar stays between 0.25 and 0.375 mm; a QR
 * module is about 0.5 mm, the magnification ZPL's ^BQ allows at each resolution (2–4 at 203 dpi,
 * 3–6 at 300 dpi).
 */
const CODE128_MODULE_DOTS: Record<LabelSheet['dpi'], { min: number; max: number }> = {
  203: { min: 2, max: 3 },
  300: { min: 3, max: 4 },
};
const QR_MODULE_DOTS: Record<LabelSheet['dpi'], number> = { 203: 4, 300: 6 };

/**
 * Places a Code 128 symbol as wide as it fits, in whole-dot modules: starting at the margin (or
 * further right if the quiet zone needs it) and ending a quiet zone, or `clearance` dots if that
 * is more, before `right`. Null when it does not fit even at the narrowest module.
 */
export function fitCode128(
  sheet: LabelSheet,
  modules: number,
  margin: number,
  right: number,
  clearance = 0,
): { x: number; module: number } | null {
  const { min, max } = CODE128_MODULE_DOTS[sheet.dpi];
  for (let module = max; module >= min; module--) {
    const quiet = CODE128_QUIET_MODULES * module;
    const x = Math.max(margin, quiet);
    const end = x + modules * module;
    if (end + Math.max(quiet, clearance) <= right && end <= sheet.widthDots - margin) {
      return { x, module };
    }
  }
  return null;
}

export function qrModuleFor(sheet: LabelSheet): number {
  return QR_MODULE_DOTS[sheet.dpi];
}
