import { code128Modules } from './barcode-symbols.js';
import type { LabelLayout, LayoutElement } from './label-layout.js';
import { Column, fitCode128 } from './label-layout.js';
import type { BadgeLabel } from './label.model.js';
import type { LabelSheet } from './label-sheet.js';
import { inchesToDots } from './label-sheet.js';

const MARGIN_IN = 0.25;
const BARCODE_HEIGHT_IN = 1.2;

/**
 * An operator's badge on the 4 × 6 in sheet: their name large, the badge as Code 128 with its
 * text under it, and a line saying what scanning it does. The sign-out badge is the same with
 * "Sign out" as its name.
 */
export function layoutBadgeLabel(label: BadgeLabel, sheet: LabelSheet): LabelLayout {
  const margin = inchesToDots(MARGIN_IN, sheet.dpi);
  const column = new Column(sheet, margin, margin, sheet.widthDots - 2 * margin);
  const elements: LayoutElement[] = [];
  column.text({ text: 'Operator badge', face: 'regular', maxPt: 12, minPt: 10, maxLines: 1 });
  column.gap(6);
  column.text({ text: label.name, face: 'bold', maxPt: 34, minPt: 16, maxLines: 2 });
  column.gap(18);
  const modules = code128Modules(label.badge);
  const bars = fitCode128(sheet, modules, margin, sheet.widthDots);
  if (bars === null) throw new RangeError('badge too long for a label');
  const height = inchesToDots(BARCODE_HEIGHT_IN, sheet.dpi);
  elements.push({ type: 'code128', ...bars, y: column.y, height, data: label.badge, modules });
  column.y += height;
  column.gap(6);
  column.text({ text: label.badge, face: 'mono', maxPt: 22, minPt: 12, maxLines: 1 });
  column.gap(18);
  column.text({ text: label.note, face: 'regular', maxPt: 11, minPt: 9, maxLines: 3 });
  elements.push(...column.elements);
  if (column.y > sheet.heightDots - margin) throw new RangeError('badge overruns the sheet');
  return { sheet, elements };
}
