import { describe, expect, it } from 'vitest';
import { CODE128_QUIET_MODULES, QR_QUIET_MODULES } from '../../src/labels/barcode-symbols.js';
import type { LabelLayout, LayoutElement } from '../../src/labels/label-layout.js';
import type { Label, LabelDpi } from '../../src/labels/label.model.js';
import { labelSheet } from '../../src/labels/label-sheet.js';
import { itemDescription, piecePosition } from '../../src/labels/piece-label.layout.js';
import { layoutLabel } from '../../src/labels/render-labels.js';
import { testLabel } from '../../src/labels/label.model.js';
import { ELLIPSIS } from '../../src/labels/text-fit.js';
import { printableText, textWidth } from '../../src/labels/text-metrics.js';
import { longestPieceLabel, pieceLabel } from './fixtures/piece-labels.js';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The area an element needs; barcodes include their quiet zones, which must stay blank. */
function box(element: LayoutElement): Box {
  switch (element.type) {
    case 'text': {
      const width = Math.max(...element.lines.map((l) => textWidth(l, element.face, element.size)));
      return {
        left: element.x,
        top: element.y,
        right: element.x + width,
        bottom: element.y + element.lines.length * element.lineHeight,
      };
    }
    case 'rule':
      return {
        left: element.x,
        top: element.y,
        right: element.x + element.width,
        bottom: element.y + element.height,
      };
    case 'code128': {
      const quiet = CODE128_QUIET_MODULES * element.module;
      return {
        left: element.x - quiet,
        top: element.y,
        right: element.x + element.modules * element.module + quiet,
        bottom: element.y + element.height,
      };
    }
    case 'qr': {
      const quiet = QR_QUIET_MODULES * element.module;
      const side = element.size * element.module;
      return {
        left: element.x - quiet,
        top: element.y - quiet,
        right: element.x + side + quiet,
        bottom: element.y + side + quiet,
      };
    }
  }
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

const cases: Array<[string, Label]> = [
  ['test label', testLabel()],
  ['piece label', pieceLabel()],
  [
    'piece label without colour, name or date',
    pieceLabel({ colour: null, piece_name: null, needed_by: null }),
  ],
  ['piece label with every field at its longest', longestPieceLabel()],
];

describe.each([203, 300] as LabelDpi[])('layouts at %i dpi', (dpi) => {
  const sheet = labelSheet(dpi);

  it('is 4 × 6 in of printer dots', () => {
    expect(sheet).toEqual(
      dpi === 203
        ? { dpi, widthDots: 812, heightDots: 1218 }
        : { dpi, widthDots: 1200, heightDots: 1800 },
    );
  });

  it.each(cases)(
    '%s: everything on the sheet, in whole dots, barcodes clear of the rest',
    (_name, label) => {
      const layout: LabelLayout = layoutLabel(label, dpi);
      for (const element of layout.elements) {
        const b = box(element);
        expect(b.left).toBeGreaterThanOrEqual(0);
        expect(b.top).toBeGreaterThanOrEqual(0);
        expect(b.right).toBeLessThanOrEqual(sheet.widthDots);
        expect(b.bottom).toBeLessThanOrEqual(sheet.heightDots);
        expect(Number.isInteger(element.x) && Number.isInteger(element.y)).toBe(true);
      }
      const barcodes = layout.elements.filter((e) => e.type === 'code128' || e.type === 'qr');
      expect(barcodes.map((e) => e.type).sort()).toEqual(['code128', 'qr']);
      for (const barcode of barcodes) {
        for (const other of layout.elements) {
          if (other !== barcode) expect(overlaps(box(barcode), box(other))).toBe(false);
        }
      }
    },
  );

  it('uses whole-dot modules within the sizes a printer reads well', () => {
    for (const [, label] of cases) {
      for (const element of layoutLabel(label, dpi).elements) {
        if (element.type === 'code128') {
          expect(element.module).toBeGreaterThanOrEqual(dpi === 203 ? 2 : 3);
          expect(element.module).toBeLessThanOrEqual(dpi === 203 ? 3 : 4);
        }
        if (element.type === 'qr') {
          // The ^BQ magnifications of DESIGN §7: 2–4 at 203 dpi, 3–6 at 300 dpi.
          expect(element.module).toBeGreaterThanOrEqual(dpi === 203 ? 2 : 3);
          expect(element.module).toBeLessThanOrEqual(dpi === 203 ? 4 : 6);
        }
      }
    }
  });
});

describe('piece label content', () => {
  const text = (label: Label) =>
    layoutLabel(label, 203)
      .elements.flatMap((e) => (e.type === 'text' ? e.lines : []))
      .join('\n');

  it('says where the piece belongs and what it is', () => {
    const label = pieceLabel();
    expect(piecePosition(label)).toBe('Unit 2 of 5 · Piece 1 of 3');
    expect(itemDescription(label)).toBe('SOFA-3S\u00a0· Charcoal Grey');
    const shown = text(label);
    for (const part of [
      'ACME 0000042',
      'PO-2026-0042',
      'Northwind Furniture Ltd',
      'SOFA-3S · Charcoal Grey',
      'Unit 2 of 5 · Piece 1 of 3',
      'Cushions',
      '2026-12-01',
    ]) {
      expect(shown).toContain(part);
    }
  });

  it('leaves out what a piece does not have', () => {
    const shown = text(pieceLabel({ colour: null, piece_name: null, needed_by: null }));
    expect(shown).not.toContain('NEEDED BY');
    expect(shown).not.toContain('·\u00a0');
    expect(shown).toContain('SOFA-3S');
  });

  it('keeps the order number whole, however long, and shortens only free text', () => {
    for (const order_no of [longestPieceLabel().order_no, 'W'.repeat(64)]) {
      const label = { ...longestPieceLabel(), order_no };
      const layout = layoutLabel(label, 203);
      const order = layout.elements.find(
        (e) => e.type === 'text' && e.lines.some((line) => order_no.startsWith(line)),
      );
      if (order?.type !== 'text') throw new Error('order number not on the label');
      expect(order.lines.join('')).toBe(order_no);
    }
    const shown = text(longestPieceLabel());
    expect(shown).toContain(longestPieceLabel().barcode);
    // The free text is long enough to run out of lines: it ends on a whole word and an ellipsis.
    const label = longestPieceLabel();
    const shortened = shown.split('\n').filter((line) => line.endsWith(ELLIPSIS));
    expect(shortened.length).toBeGreaterThan(0);
    const words = [label.retailer_name, itemDescription(label), label.piece_name ?? '']
      .join(' ')
      .split(/[\s\u00a0]+/);
    for (const line of shortened) {
      const lastWord = line.slice(0, -1).split(' ').at(-1) ?? '';
      expect(words).toContain(lastWord);
    }
  });
});

describe('printable text', () => {
  it('keeps Windows-1252, strips accents the fonts cannot draw, and marks the rest', () => {
    expect(printableText('Café · Größe – “Grün” €5 ½')).toBe('Café · Größe – “Grün” €5 ½');
    expect(printableText('Łódź Șoseaua Kraków')).toBe('Lódz Soseaua Kraków');
    expect(printableText('家具 Ltd')).toBe('?? Ltd');
    expect(printableText('a\tb\nc')).toBe('a\tb\nc');
  });

  it('prints a retailer name with letters outside the fonts as the same text in both formats', () => {
    const label = pieceLabel({ retailer_name: 'Łódź Meble' });
    const lines = layoutLabel(label, 203).elements.flatMap((e) =>
      e.type === 'text' ? e.lines : [],
    );
    expect(lines).toContain('Lódz Meble');
  });
});
