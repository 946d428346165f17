import type { LabelDpi } from './label.model.js';

/** Labels are 4 × 6 in, portrait: the common shipping-label roll. */
export const LABEL_WIDTH_IN = 4;
export const LABEL_HEIGHT_IN = 6;

/**
 * The printable area of one label in printer dots. Everything is laid out in whole dots so that
 * bars and modules land on the printer's grid: a thermal head cannot print a fraction of a dot,
 * and a bar that straddles two dots prints one dot too wide or too narrow.
 */
export interface LabelSheet {
  dpi: LabelDpi;
  widthDots: number;
  heightDots: number;
}

export function labelSheet(dpi: LabelDpi): LabelSheet {
  return {
    dpi,
    widthDots: inchesToDots(LABEL_WIDTH_IN, dpi),
    heightDots: inchesToDots(LABEL_HEIGHT_IN, dpi),
  };
}

export function inchesToDots(inches: number, dpi: LabelDpi): number {
  return Math.round(inches * dpi);
}

/** A typographic size (1/72 in) in whole dots. */
export function pointsToDots(points: number, dpi: LabelDpi): number {
  return Math.round((points * dpi) / 72);
}
