// `virtual:test-label`: the hardware test label's text and its two symbols (Code 128 and QR),
// encoded at build time by the same encoders the printed label uses. The station page draws
// them on screen and for the browser's print dialog, without shipping an encoder to the browser.
import type { Plugin } from 'vite';
import { encodeCode128, encodeQr } from '../../src/labels/barcode-symbols.js';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';

const ID = 'virtual:test-label';
const RESOLVED = `\0${ID}`;

export function testLabelSymbols(): Plugin {
  return {
    name: 'factoryd-test-label',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const code128 = encodeCode128(TEST_LABEL_STRING);
      const qr = encodeQr(TEST_LABEL_STRING);
      return [
        `export const TEXT = ${JSON.stringify(TEST_LABEL_STRING)};`,
        `export const CODE128 = ${JSON.stringify({ bars: code128.bars, modules: code128.modules })};`,
        `export const QR = ${JSON.stringify({ size: qr.size, dark: Array.from(qr.dark).join('') })};`,
      ].join('\n');
    },
  };
}
