import PDFDocument from 'pdfkit';
import type { Code128Element, LabelLayout, QrElement } from './label-layout.js';
import { PDF_FONTS } from './text-metrics.js';
import { encodeCode128, encodeGs1_128, encodeQr } from './barcode-symbols.js';

/**
 * Renders labels as one PDF, one page per label. Bars and QR modules are filled rectangles whose
 * edges fall on the printer's dot grid (the layout is in whole dots and the page is exactly the
 * label), so a thermal printer or a rasteriser at the label's dpi prints them crisp, with no
 * resampling of an image.
 */
export async function renderPdf(
  layouts: readonly LabelLayout[],
  turn: () => Promise<void> | undefined = () => undefined,
): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    compress: true,
    info: { Title: 'Labels', Producer: 'factoryd', Creator: 'factoryd' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  for (const layout of layouts) {
    // Each page is drawn at once; between pages other work may run.
    const wait = turn();
    if (wait) await wait;
    const k = 72 / layout.sheet.dpi;
    doc.addPage({ size: [layout.sheet.widthDots * k, layout.sheet.heightDots * k], margin: 0 });
    for (const element of layout.elements) {
      switch (element.type) {
        case 'text':
          doc.font(PDF_FONTS[element.face]).fontSize(element.size * k);
          element.lines.forEach((line, i) => {
            doc.text(line, element.x * k, (element.y + i * element.lineHeight) * k, {
              lineBreak: false,
            });
          });
          break;
        case 'rule':
          dotRect(doc, k, element.x, element.y, element.width, element.height);
          doc.fill('black');
          break;
        case 'code128':
          drawCode128(doc, element, k);
          break;
        case 'qr':
          drawQr(doc, element, k);
          break;
      }
    }
  }
  doc.end();
  return done;
}

function drawCode128(doc: PDFKit.PDFDocument, element: Code128Element, k: number): void {
  const symbol = element.gs1 ? encodeGs1_128(element.data) : encodeCode128(element.data);
  if (symbol.modules !== element.modules) throw new Error('Code 128 width differs from its layout');
  let x = element.x;
  symbol.bars.forEach((width, i) => {
    const dots = width * element.module;
    if (i % 2 === 0) dotRect(doc, k, x, element.y, dots, element.height);
    x += dots;
  });
  doc.fill('black');
}

/** One rectangle per horizontal run of dark modules: far fewer path operators than one per module. */
function drawQr(doc: PDFKit.PDFDocument, element: QrElement, k: number): void {
  const { size, dark } = encodeQr(element.data);
  if (size !== element.size) throw new Error('QR size differs from its layout');
  const m = element.module;
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!dark[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && dark[row * size + col]) col++;
      dotRect(doc, k, element.x + start * m, element.y + row * m, (col - start) * m, m);
    }
  }
  doc.fill('black');
}

/** PDF numbers carry six decimals (pdfkit rounds to them). */
const MICRO = 1e6;

/**
 * Adds a rectangle given in dots, its edges rounded inwards to the six decimals a PDF number
 * keeps. 72/203 pt per dot has no exact decimal form: rounded to nearest, an edge may land a
 * millionth of a point outside its dot, and a rasteriser that paints every dot a shape touches
 * (a printer driver, poppler) then prints the bar one dot too wide or with a grey fringe.
 * Inwards by at most a millionth of a point, the shape covers exactly its dots.
 */
function dotRect(
  doc: PDFKit.PDFDocument,
  k: number,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const left = Math.ceil(x * k * MICRO + 0.01);
  const top = Math.ceil(y * k * MICRO + 0.01);
  const right = Math.floor((x + width) * k * MICRO - 0.01);
  const bottom = Math.floor((y + height) * k * MICRO - 0.01);
  doc.rect(left / MICRO, top / MICRO, (right - left) / MICRO, (bottom - top) / MICRO);
}
