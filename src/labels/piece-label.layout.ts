import { QR_QUIET_MODULES, code128Modules, qrSize } from './barcode-symbols.js';
import type { LabelLayout, LayoutElement, TextBlock } from './label-layout.js';
import { Column, fitCode128, placeText, qrModuleFor, textHeight } from './label-layout.js';
import type { PieceLabel } from './label.model.js';
import type { LabelSheet } from './label-sheet.js';
import { inchesToDots, pointsToDots } from './label-sheet.js';

const MARGIN_IN = 0.15;
const BARCODE_HEIGHT_IN = 0.85;
const NEEDED_BY_COLUMN_IN = 1.15;
const COLUMN_GAP_IN = 0.1;
const NBSP = '\u00a0';

/** "Unit 2 of 5 · Piece 1 of 3": where the piece belongs, the line a packer reads first. */
export function piecePosition(label: PieceLabel): string {
  return `Unit ${label.unit_no} of ${label.units_total} · Piece ${label.piece_no} of ${label.pieces_per_unit}`;
}

/** SKU and colour on one line; the no-break space keeps the separator with the SKU when wrapped. */
export function itemDescription(label: PieceLabel): string {
  return label.colour ? `${label.sku}${NBSP}· ${label.colour}` : label.sku;
}

function caption(text: string): TextBlock {
  return { text, face: 'regular', maxPt: 7, minPt: 7, maxLines: 1 };
}

/**
 * A piece label, top to bottom: retailer; order number with the needed-by date beside it; SKU and
 * colour; unit and piece position with the piece name; then, at the foot, the Code 128 with its
 * text under it and the QR of the same barcode to its right. Each text block has a line budget,
 * so the worst case (every field at its longest) still ends above the barcodes.
 */
export function layoutPieceLabel(label: PieceLabel, sheet: LabelSheet): LabelLayout {
  const margin = inchesToDots(MARGIN_IN, sheet.dpi);
  const contentWidth = sheet.widthDots - 2 * margin;
  const elements: LayoutElement[] = [];

  // The foot first: barcodes have fixed sizes, the text above takes the space that is left.
  const barcodeText = placeText(
    sheet,
    { text: label.barcode, face: 'bold', maxPt: 18, minPt: 10, maxLines: 1 },
    0,
    0,
    contentWidth,
  );
  const textTop = sheet.heightDots - margin - textHeight(barcodeText);
  const barsHeight = inchesToDots(BARCODE_HEIGHT_IN, sheet.dpi);
  const barsTop = textTop - pointsToDots(4, sheet.dpi) - barsHeight;

  const qr = { data: label.barcode, size: qrSize(label.barcode) };
  const qrModule = qrModuleFor(sheet);
  const qrX = sheet.widthDots - margin - qr.size * qrModule;
  elements.push({ type: 'qr', x: qrX, y: barsTop, module: qrModule, ...qr });

  const code = { data: label.barcode, modules: code128Modules(label.barcode) };
  const bars = fitCode128(sheet, code.modules, margin, qrX, QR_QUIET_MODULES * qrModule);
  if (bars === null) throw new RangeError(`barcode too long for a label: ${label.barcode}`);
  elements.push({ type: 'code128', ...bars, y: barsTop, height: barsHeight, ...code });
  elements.push({ ...barcodeText, x: bars.x, y: textTop });

  const column = new Column(sheet, margin, margin, contentWidth);
  column.text(caption('RETAILER'));
  column.text({ text: label.retailer_name, face: 'bold', maxPt: 16, minPt: 9, maxLines: 2 });
  column.gap(5);

  const rowTop = column.y;
  const neededByWidth = label.needed_by ? inchesToDots(NEEDED_BY_COLUMN_IN, sheet.dpi) : 0;
  const orderWidth = label.needed_by
    ? contentWidth - neededByWidth - inchesToDots(COLUMN_GAP_IN, sheet.dpi)
    : contentWidth;
  const order = new Column(sheet, margin, rowTop, orderWidth);
  order.text(caption('ORDER'));
  // Four lines at the floor hold any order_no the API accepts (64 characters, even all W's):
  // the number a packer matches against paperwork is never shortened.
  order.text({ text: label.order_no, face: 'bold', maxPt: 28, minPt: 10, maxLines: 4 });
  let rowBottom = order.y;
  elements.push(...order.elements);
  if (label.needed_by) {
    const neededBy = new Column(
      sheet,
      sheet.widthDots - margin - neededByWidth,
      rowTop,
      neededByWidth,
    );
    neededBy.text(caption('NEEDED BY'));
    neededBy.text({ text: label.needed_by, face: 'bold', maxPt: 14, minPt: 10, maxLines: 1 });
    rowBottom = Math.max(rowBottom, neededBy.y);
    elements.push(...neededBy.elements);
  }
  column.y = rowBottom;
  column.gap(5);
  column.rule(1);
  column.gap(5);

  column.text(caption('ITEM'));
  column.text({ text: itemDescription(label), face: 'bold', maxPt: 26, minPt: 11, maxLines: 3 });
  column.gap(5);
  column.text(caption('PIECE'));
  column.text({ text: piecePosition(label), face: 'bold', maxPt: 24, minPt: 11, maxLines: 2 });
  if (label.piece_name) {
    column.text({ text: label.piece_name, face: 'regular', maxPt: 20, minPt: 10, maxLines: 2 });
  }
  elements.push(...column.elements);

  if (column.y > barsTop - pointsToDots(4, sheet.dpi)) {
    // Unreachable with the line budgets above; kept so a change to them cannot print text
    // over the barcodes unnoticed.
    throw new RangeError('piece label text overruns the barcodes');
  }
  return { sheet, elements };
}
