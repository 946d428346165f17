import { describe, expect, it } from 'vitest';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';
import type { Code128Element, QrElement } from '../../src/labels/label-layout.js';
import { testLabel, type LabelDpi } from '../../src/labels/label.model.js';
import { encodeCode128 } from '../../src/labels/barcode-symbols.js';
import { layoutLabel, renderLabels } from '../../src/labels/render-labels.js';
import { decodePdf, pdfPageCount, pdfText, rasterGrey } from './decode.js';
import { longestPieceLabel, pieceLabel } from './fixtures/piece-labels.js';

const DPIS: LabelDpi[] = [203, 300];

describe.each(DPIS)('PDF labels at %i dpi', (dpi) => {
  it('a real reader decodes the test label: Code 128 and QR read exactly the test string', async () => {
    const { body, contentType, count } = await renderLabels([testLabel()], 'pdf', dpi);
    expect(contentType).toBe('application/pdf');
    expect(count).toBe(1);
    const [page] = decodePdf(body, dpi);
    // The string holds `\` and `"`: compared as-is, no shell or JSON unescaping in between.
    expect(TEST_LABEL_STRING).toBe('FDTEST-aZ09@"#\\~|/._');
    expect(page).toEqual({ code128: [TEST_LABEL_STRING], qr: [TEST_LABEL_STRING] });
  });

  it('prints the test string and what input mode, suffix and layout mean', async () => {
    const text = pdfText((await renderLabels([testLabel()], 'pdf', dpi)).body);
    expect(text).toContain(TEST_LABEL_STRING);
    for (const word of [
      'keyboard',
      'camera',
      'android_intent',
      'enter',
      'tab',
      'none',
      'Layout OK',
    ]) {
      expect(text).toContain(word);
    }
  });

  it('a real reader decodes a piece label; its text shows order, retailer, item, unit and piece', async () => {
    const { body } = await renderLabels([pieceLabel()], 'pdf', dpi);
    expect(decodePdf(body, dpi)).toEqual([{ code128: ['ACME 0000042'], qr: ['ACME 0000042'] }]);
    const text = pdfText(body);
    for (const expected of [
      'ACME 0000042',
      'PO-2026-0042',
      'Northwind Furniture Ltd',
      'SOFA-3S · Charcoal Grey',
      'Unit 2 of 5 · Piece 1 of 3',
      'Cushions',
      '2026-12-01',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('still decodes with every field at its longest', async () => {
    const { body } = await renderLabels([longestPieceLabel()], 'pdf', dpi);
    expect(decodePdf(body, dpi)).toEqual([
      { code128: ['ABCDEFGH 12345678'], qr: ['ABCDEFGH 12345678'] },
    ]);
  });

  it('draws bars and QR modules on the dot grid: rasterised, they are pure black and white', async () => {
    const { body } = await renderLabels([pieceLabel()], 'pdf', dpi);
    const elements = layoutLabel(pieceLabel(), dpi).elements;
    const bars = elements.find((e): e is Code128Element => e.type === 'code128');
    const qr = elements.find((e): e is QrElement => e.type === 'qr');
    if (!bars || !qr) throw new Error('a barcode is missing from the label');
    const regions = [
      { x: bars.x - 4, y: bars.y - 2, width: bars.modules * bars.module + 8, height: 24 },
      { x: qr.x - 4, y: qr.y - 4, width: qr.size * qr.module + 8, height: 24 },
    ];
    for (const region of regions) {
      // pdftoppm anti-aliases: an edge off the grid would leave grey pixels along it.
      const pixels = rasterGrey(body, dpi, 1, region);
      expect(pixels.filter((v) => v !== 0 && v !== 255)).toHaveLength(0);
      expect(pixels.filter((v) => v === 0).length).toBeGreaterThan(pixels.length / 5);
    }
  });

  it('prints each bar exactly as many dots wide as its modules', async () => {
    const { body } = await renderLabels([pieceLabel()], 'pdf', dpi);
    const bars = layoutLabel(pieceLabel(), dpi).elements.find(
      (e): e is Code128Element => e.type === 'code128',
    );
    if (!bars) throw new Error('no Code 128 on the label');
    const width = bars.modules * bars.module;
    const row = rasterGrey(body, dpi, 1, { x: bars.x, y: bars.y + 10, width, height: 1 });
    const runs: number[] = [];
    row.forEach((v, i) => {
      if (i > 0 && v === row[i - 1]) runs[runs.length - 1]! += 1;
      else runs.push(1);
    });
    expect(runs).toEqual(encodeCode128(bars.data).bars.map((modules) => modules * bars.module));
  });
});

describe('PDF documents', () => {
  it('has one page per label, in order', async () => {
    const labels = [1, 2, 3].map((n) => pieceLabel({ barcode: `ACME 000000${n}`, piece_no: n }));
    const { body, count } = await renderLabels(labels, 'pdf', 203);
    expect(count).toBe(3);
    expect(pdfPageCount(body)).toBe(3);
    expect(decodePdf(body, 203).map((page) => page.qr)).toEqual([
      ['ACME 0000001'],
      ['ACME 0000002'],
      ['ACME 0000003'],
    ]);
  });

  it('is a 4 × 6 in page', async () => {
    const { body } = await renderLabels([testLabel()], 'pdf', 300);
    expect(body.toString('latin1')).toMatch(/\/MediaBox \[0 0 288 432\]/);
  });
});
