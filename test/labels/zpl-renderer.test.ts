import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type * as ZplRenderer from 'zpl-renderer-js';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';
import type { LabelDpi } from '../../src/labels/label.model.js';
import { renderLabels } from '../../src/labels/render-labels.js';
import { testLabel } from '../../src/labels/label.model.js';
import { escapeFieldData } from '../../src/labels/zpl-renderer.js';
import { decodePngBuffer } from './decode.js';
import { longestPieceLabel, pieceLabel } from './fixtures/piece-labels.js';

// Zebrash (a Go ZPL renderer) compiled to WebAssembly: independent of our code, runs offline.
// Loaded through Node's require: the test runner would otherwise transform its 9 MB bundle.
const zplRenderer = createRequire(import.meta.url)('zpl-renderer-js') as typeof ZplRenderer;

async function zpl(labels: Parameters<typeof renderLabels>[0], dpi: LabelDpi): Promise<string> {
  const rendered = await renderLabels(labels, 'zpl', dpi);
  expect(rendered.contentType).toBe('text/plain; charset=utf-8');
  return rendered.body.toString('utf8');
}

/** The field data of every `^FD…^FS`, escapes undone (`^FH_`: `_XX` is one UTF-8 byte in hex). */
function fieldData(document: string): string[] {
  return [...document.matchAll(/\^FD([^^]*)\^FS/g)].map(([, data = '']) =>
    decodeURIComponent(data.replace(/%/g, '%25').replace(/_([0-9A-F]{2})/g, '%$1')),
  );
}

describe('ZPL escaping', () => {
  it('hex-escapes ^, ~ and the escape character, and control characters, nothing else', () => {
    expect(escapeFieldData('a^b~c_d\\e"#|@')).toBe('a_5Eb_7Ec_5Fd\\e"#|@');
    expect(escapeFieldData('tab\there')).toBe('tab_09here');
    expect(escapeFieldData('Café · ½')).toBe('Café · ½');
  });
});

describe.each([
  [203, 812, 1218, 4],
  [300, 1200, 1800, 6],
] as Array<[LabelDpi, number, number, number]>)(
  'ZPL at %i dpi',
  (dpi, width, length, qrMagnification) => {
    it('has one ^XA…^XZ per label, each sized 4 × 6 in, UTF-8, with Code 128 and QR', async () => {
      const document = await zpl(
        [testLabel(), pieceLabel(), pieceLabel({ barcode: 'ACME 0000043' })],
        dpi,
      );
      const labels = document.trim().split(/\n(?=\^XA)/);
      expect(labels).toHaveLength(3);
      for (const label of labels) {
        expect(label.startsWith('^XA\n')).toBe(true);
        expect(label.endsWith('^XZ')).toBe(true);
        expect(label.match(/\^XA/g)).toHaveLength(1);
        expect(label).toContain('^CI28');
        expect(label).toContain(`^PW${width}`);
        expect(label).toContain(`^LL${length}`);
        expect(label).toMatch(/\^BY[2-4]\^BCN,\d+,N,N,N,A\^FH_\^FD/);
        expect(label).toContain(`^BQN,2,${qrMagnification}^FH_^FDMA,`);
      }
    });

    it('carries the test string escaped, and gives it back exactly when unescaped', async () => {
      const document = await zpl([testLabel()], dpi);
      expect(document).toContain('^FDFDTEST-aZ09@"#\\_7E|/._5F^FS');
      // No raw ~ anywhere: a printer would take it for a command prefix.
      expect(document).not.toContain('~');
      const data = fieldData(document);
      expect(data).toContain(TEST_LABEL_STRING);
      expect(data).toContain(`MA,${TEST_LABEL_STRING}`);
    });

    it('escapes ^ and ~ in a piece label’s free text', async () => {
      const label = pieceLabel({ retailer_name: 'Caret^Tilde~Under_score', piece_name: 'A^B' });
      const document = await zpl([label], dpi);
      expect(document).not.toContain('~');
      for (const line of document.split('\n')) {
        // Only command starts: every ^ is followed by a command name, never by field text.
        for (const match of line.matchAll(/\^(.{0,2})/g))
          expect(match[1]).toMatch(/^[A-Z][A-Z0-9]|^[A-Z]$/);
      }
      expect(fieldData(document)).toEqual(
        expect.arrayContaining(['Caret^Tilde~Under_score', 'A^B']),
      );
    });

    it('an independent ZPL renderer draws labels that a real reader decodes exactly', async () => {
      const { api } = await zplRenderer.ready;
      const document = await zpl([testLabel(), longestPieceLabel()], dpi);
      const pngs = await api.zplToBase64MultipleAsync(document, 101.6, 152.4, dpi === 203 ? 8 : 12);
      expect(pngs).toHaveLength(2);
      const [test, piece] = pngs.map((png) => decodePngBuffer(Buffer.from(png, 'base64')));
      expect(test).toEqual({ code128: [TEST_LABEL_STRING], qr: [TEST_LABEL_STRING] });
      expect(piece).toEqual({ code128: ['ABCDEFGH 12345678'], qr: ['ABCDEFGH 12345678'] });
    });
  },
);
