import { CODE128_QUIET_MODULES, encodeGs1_128 } from './barcode-symbols.js';
import type { LabelLayout, LayoutElement, TextBlock } from './label-layout.js';
import { Column, placeText, textHeight } from './label-layout.js';
import type { SsccLabel } from './label.model.js';
import type { LabelSheet } from './label-sheet.js';
import { inchesToDots, pointsToDots } from './label-sheet.js';

const MARGIN_IN = 0.15;
/** GS1 logistic labels: bars at least 31.75 mm high (GS1 General Specifications §5.4.4.6). */
const BARCODE_HEIGHT_IN = 1.3;
/**
 * The narrowest bar: GS1 asks 0.495–1.016 mm for an SSCC in logistics. 4 dots at 203 dpi are
 * 0.50 mm, 6 dots at 300 dpi 0.51 mm: whole dots, so the bars print crisp.
 */
const MODULE_DOTS: Record<LabelSheet['dpi'], number> = { 203: 4, 300: 6 };

function caption(text: string): TextBlock {
  return { text, face: 'regular', maxPt: 7, minPt: 7, maxLines: 1 };
}

/**
 * A handling unit's label (a pallet label, in the spirit of GS1's logistic label): from and to,
 * the consignment and the unit's place in it, then at the foot the GS1-128 of (00) + SSCC with
 * the SSCC printed under it as people read it.
 */
export function layoutSsccLabel(label: SsccLabel, sheet: LabelSheet): LabelLayout {
  const margin = inchesToDots(MARGIN_IN, sheet.dpi);
  const contentWidth = sheet.widthDots - 2 * margin;
  const elements: LayoutElement[] = [];

  const data = `(00)${label.sscc}`;
  const module = MODULE_DOTS[sheet.dpi];
  const modules = encodeGs1_128(data).modules;
  const width = modules * module;
  const x = Math.max(
    margin + CODE128_QUIET_MODULES * module,
    Math.round((sheet.widthDots - width) / 2),
  );
  if (x + width + CODE128_QUIET_MODULES * module > sheet.widthDots) {
    throw new RangeError('SSCC barcode wider than the label');
  }
  const readable = placeText(
    sheet,
    { text: label.sscc_text, face: 'bold', maxPt: 16, minPt: 10, maxLines: 1 },
    margin,
    0,
    contentWidth,
  );
  const textTop = sheet.heightDots - margin - textHeight(readable);
  const barsHeight = inchesToDots(BARCODE_HEIGHT_IN, sheet.dpi);
  const barsTop = textTop - pointsToDots(4, sheet.dpi) - barsHeight;
  elements.push({
    type: 'code128',
    gs1: true,
    x,
    y: barsTop,
    height: barsHeight,
    module,
    data,
    modules,
  });
  elements.push({ ...readable, y: textTop });

  const column = new Column(sheet, margin, margin, contentWidth);
  column.text(caption('SSCC'));
  column.text({
    text: `Pallet ${label.unit_no} of ${label.units_total}`,
    face: 'bold',
    maxPt: 22,
    minPt: 12,
    maxLines: 1,
  });
  column.gap(5);
  column.rule(1);
  column.gap(5);
  column.text(caption('FROM'));
  column.text({ text: label.from_name, face: 'bold', maxPt: 14, minPt: 9, maxLines: 2 });
  column.gap(4);
  column.text(caption('TO'));
  column.text({
    text: `${label.retailer_name} (${label.retailer_code})`,
    face: 'bold',
    maxPt: 20,
    minPt: 10,
    maxLines: 2,
  });
  column.gap(5);
  column.rule(1);
  column.gap(5);
  column.text(caption('CONSIGNMENT'));
  column.text({ text: label.consignment_number, face: 'bold', maxPt: 26, minPt: 12, maxLines: 1 });
  const details = [
    label.reference && `Ref ${label.reference}`,
    label.carrier && `Carrier ${label.carrier}`,
    `${label.pieces} ${label.pieces === 1 ? 'piece' : 'pieces'}`,
  ].filter(Boolean);
  column.text({ text: details.join(' · '), face: 'regular', maxPt: 12, minPt: 8, maxLines: 3 });
  elements.push(...column.elements);

  if (column.y > barsTop - pointsToDots(4, sheet.dpi)) {
    throw new RangeError('SSCC label text overruns the barcode');
  }
  return { sheet, elements };
}
