import PDFDocument from 'pdfkit';
import type { DeliveryNoteContent } from '../domain/consignment-documents.js';
import type { Code128Symbol } from './barcode-symbols.js';
import { fastCode128 } from './code128.js';
import { PDF_FONTS, printableText as printable } from './text-metrics.js';
import type { Turn } from './render-labels.js';

// A4 portrait, in points.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const RIGHT = PAGE.width - MARGIN;
const BOTTOM = PAGE.height - MARGIN - 14;
/** A piece barcode's narrowest bar: 1 pt (0.35 mm) reads at any office printer's resolution. */
const MODULE_PT = 1;
const ROW_PT = 26;
const SIGNATURE_PT = 150;
/** Code 128's quiet zone, in modules (ISO/IEC 15417), as barcode-symbols.ts has it. */
const CODE128_QUIET_MODULES = 10;

/** A barcode's symbol: computed here, or by bwip-js for what the fast encoder does not take. */
type Encode = (data: string) => Code128Symbol;

/**
 * The delivery note of a consignment (DESIGN §15) as an A4 PDF: factory and retailer, the
 * consignment number as Code 128, then every order with its units and each piece's barcode
 * (Code 128 with its text, name and pallet), counts, and a signature box for the receiver.
 * `turn` is called between orders so a server can answer other requests meanwhile.
 */
export async function renderDeliveryNote(
  note: DeliveryNoteContent,
  turn: Turn = () => undefined,
): Promise<Buffer> {
  const encode = await encoderFor(note);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    compress: true,
    bufferPages: false,
    info: { Title: `Delivery note ${note.number}`, Producer: 'factoryd', Creator: 'factoryd' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let page = 1;
  let y = header(doc, note, encode, true);
  const need = (height: number) => {
    if (y + height <= BOTTOM) return;
    footer(doc, note, page);
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    page++;
    y = header(doc, note, encode, false);
  };

  for (const order of note.orders) {
    const wait = turn();
    if (wait) await wait;
    need(20 + ROW_PT + 16);
    doc.font(PDF_FONTS.bold).fontSize(12).fillColor('black');
    doc.text(printable(`Order ${order.order_no}`), MARGIN, y, { lineBreak: false });
    doc.font(PDF_FONTS.regular).fontSize(10);
    const count = `${order.pieces_loaded} of ${order.pieces_total} pieces on this delivery`;
    doc.text(count, RIGHT - doc.widthOfString(count), y + 1, { lineBreak: false });
    y += 18;
    for (const unit of order.units) {
      need(16 + ROW_PT);
      doc.font(PDF_FONTS.bold).fontSize(9.5);
      const item = unit.colour ? `${unit.sku} ${unit.colour}` : unit.sku;
      doc.text(printable(`Unit ${unit.unit_no} · ${item}`), MARGIN + 8, y, {
        lineBreak: false,
      });
      y += 14;
      for (const piece of unit.pieces) {
        need(ROW_PT);
        const end = drawCode128(doc, encode(piece.barcode), MARGIN + 16, y, 18);
        const textX = Math.max(end + CODE128_QUIET_MODULES * MODULE_PT, MARGIN + 190);
        doc.font(PDF_FONTS.bold).fontSize(10);
        doc.text(piece.barcode, textX, y + 1, { lineBreak: false });
        doc.font(PDF_FONTS.regular).fontSize(9);
        const detail = [
          `Piece ${piece.piece_no}`,
          piece.piece_name,
          piece.sscc && `SSCC ${piece.sscc}`,
        ]
          .filter(Boolean)
          .join(' · ');
        doc.text(printable(detail), textX, y + 13, { lineBreak: false });
        y += ROW_PT;
      }
    }
    y += 6;
  }

  need(70 + SIGNATURE_PT);
  y = totals(doc, note, y + 4);
  signatureBox(doc, y + 12);
  footer(doc, note, page);
  doc.end();
  return done;
}

/** The first page's head (addresses, number and its barcode, details) or a later page's line. */
function header(
  doc: PDFKit.PDFDocument,
  note: DeliveryNoteContent,
  encode: Encode,
  first: boolean,
): number {
  doc.fillColor('black');
  if (!first) {
    doc.font(PDF_FONTS.bold).fontSize(10);
    doc.text(`Delivery note ${note.number} (continued)`, MARGIN, MARGIN, { lineBreak: false });
    doc.rect(MARGIN, MARGIN + 16, RIGHT - MARGIN, 0.75).fill('black');
    return MARGIN + 28;
  }
  doc.font(PDF_FONTS.bold).fontSize(20);
  doc.text('Delivery note', MARGIN, MARGIN, { lineBreak: false });
  doc.fontSize(16).text(note.number, MARGIN, MARGIN + 26, { lineBreak: false });
  // The number as a barcode: scanned at the dock to load, or at the retailer to receive.
  const symbol = encode(note.number);
  const barsWidth = symbol.modules * 1.2;
  drawCode128(doc, symbol, RIGHT - barsWidth, MARGIN, 40, 1.2);
  doc.font(PDF_FONTS.regular).fontSize(9);
  const under = note.number;
  doc.text(under, RIGHT - barsWidth, MARGIN + 43, { lineBreak: false });

  let y = MARGIN + 64;
  const half = (RIGHT - MARGIN) / 2;
  const block = (title: string, lines: string[], x: number) => {
    let at = y;
    doc.font(PDF_FONTS.regular).fontSize(7.5).text(title, x, at, { lineBreak: false });
    at += 11;
    lines.forEach((line, i) => {
      doc.font(i === 0 ? PDF_FONTS.bold : PDF_FONTS.regular).fontSize(i === 0 ? 11 : 9.5);
      doc.text(printable(line), x, at, { width: half - 12, lineBreak: false, ellipsis: true });
      at += i === 0 ? 14 : 12;
    });
    return at;
  };
  const from = [
    note.from.name,
    ...note.from.address,
    ...(note.from.phone ? [`Tel ${note.from.phone}`] : []),
    ...(note.from.vat_number ? [`VAT ${note.from.vat_number}`] : []),
  ];
  const endFrom = block('FROM', from, MARGIN);
  const to = [note.to.name, ...note.to.address, `Retailer code ${note.to.code}`];
  const endTo = block('DELIVER TO', to, MARGIN + half);
  y = Math.max(endFrom, endTo) + 8;

  const details = [
    ['Date', note.date.slice(0, 10)],
    ['Reference', note.reference],
    ['Carrier', note.carrier],
    ['Vehicle', note.vehicle],
  ].filter((d): d is [string, string] => d[1] !== null);
  doc.font(PDF_FONTS.regular).fontSize(9.5);
  doc.text(printable(details.map(([k, v]) => `${k}: ${v}`).join('   ')), MARGIN, y, {
    lineBreak: false,
  });
  y += 14;
  if (note.notes) {
    doc.text(printable(`Notes: ${note.notes}`), MARGIN, y, {
      width: RIGHT - MARGIN,
      height: 36,
      ellipsis: true,
    });
    y += Math.min(36, doc.heightOfString(`Notes: ${note.notes}`, { width: RIGHT - MARGIN }));
  }
  doc.rect(MARGIN, y + 4, RIGHT - MARGIN, 1).fill('black');
  return y + 14;
}

function totals(doc: PDFKit.PDFDocument, note: DeliveryNoteContent, y: number): number {
  doc.rect(MARGIN, y, RIGHT - MARGIN, 1).fill('black');
  y += 8;
  doc.font(PDF_FONTS.bold).fontSize(11);
  const orders = `${note.orders.length} ${note.orders.length === 1 ? 'order' : 'orders'}`;
  doc.text(
    `Total: ${orders} · ${note.units_loaded} units · ${note.pieces_loaded} pieces`,
    MARGIN,
    y,
    { lineBreak: false },
  );
  y += 16;
  doc.font(PDF_FONTS.regular).fontSize(9);
  if (note.handling_units.length > 0) {
    const units = note.handling_units.map((u) => `${u.sscc} (${u.pieces})`).join(', ');
    doc.text(`Handling units (SSCC, pieces): ${units}`, MARGIN, y, { width: RIGHT - MARGIN });
    y = doc.y + 4;
  }
  if (note.close_reason) {
    doc.text(printable(`Closed with a unit incomplete: ${note.close_reason}`), MARGIN, y, {
      width: RIGHT - MARGIN,
    });
    y = doc.y + 4;
  }
  return y;
}

/** Where the receiver signs: name, signature, date and time, and a line for remarks. */
function signatureBox(doc: PDFKit.PDFDocument, y: number): void {
  const width = RIGHT - MARGIN;
  doc
    .lineWidth(1)
    .rect(MARGIN, y, width, SIGNATURE_PT - 20)
    .stroke('black');
  doc.font(PDF_FONTS.bold).fontSize(10).fillColor('black');
  doc.text('Received in good condition', MARGIN + 8, y + 8, { lineBreak: false });
  doc.font(PDF_FONTS.regular).fontSize(9);
  const fields = ['Name', 'Signature', 'Date and time'];
  const third = (width - 16) / 3;
  fields.forEach((field, i) => {
    const x = MARGIN + 8 + i * third;
    doc
      .moveTo(x, y + 62)
      .lineTo(x + third - 12, y + 62)
      .stroke('black');
    doc.text(field, x, y + 66, { lineBreak: false });
  });
  doc
    .moveTo(MARGIN + 8, y + 102)
    .lineTo(RIGHT - 8, y + 102)
    .stroke('black');
  doc.text('Remarks (missing or damaged pieces)', MARGIN + 8, y + 106, { lineBreak: false });
}

function footer(doc: PDFKit.PDFDocument, note: DeliveryNoteContent, page: number): void {
  doc.font(PDF_FONTS.regular).fontSize(8).fillColor('black');
  doc.text(`${note.number} · page ${page}`, MARGIN, PAGE.height - MARGIN, { lineBreak: false });
}

/**
 * Draws a Code 128 with its top-left at (x, y); returns where its last bar ends. Its bars go in
 * as one run of rectangles and one fill: a note of 1,000 pieces draws some 30,000 bars, and
 * pdfkit's per-call work (a rect each, formatted and copied) was a good part of its time.
 */
function drawCode128(
  doc: PDFKit.PDFDocument,
  symbol: Code128Symbol,
  x: number,
  y: number,
  height: number,
  module = MODULE_PT,
): number {
  let at = x;
  let ops = '';
  const top = round(y);
  const tall = round(height);
  symbol.bars.forEach((width, i) => {
    if (i % 2 === 0) ops += `${round(at)} ${top} ${round(width * module)} ${tall} re\n`;
    at += width * module;
  });
  doc.fillColor('black');
  // Page space is pdfkit's (its top-left origin), as doc.rect would write it.
  doc.addContent(`${ops}f`);
  return at;
}

/** A coordinate as pdfkit writes one: at most six decimals. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * The encoder for this note's barcodes: the fast one, or bwip-js (loaded then) when a barcode
 * has characters the fast one does not take.
 */
async function encoderFor(note: DeliveryNoteContent): Promise<Encode> {
  const data = [
    note.number,
    ...note.orders.flatMap((o) => o.units.flatMap((u) => u.pieces.map((p) => p.barcode))),
  ];
  const symbols = new Map<string, Code128Symbol>();
  const others: string[] = [];
  for (const d of data) {
    const symbol = fastCode128(d);
    if (symbol) symbols.set(d, symbol);
    else others.push(d);
  }
  if (others.length > 0) {
    const { encodeCode128 } = await import('./barcode-symbols.js');
    for (const d of others) symbols.set(d, encodeCode128(d));
  }
  return (d) => symbols.get(d)!;
}
