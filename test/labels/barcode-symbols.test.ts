import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  code128Modules,
  encodeCode128,
  encodeQr,
  qrSize,
} from '../../src/labels/barcode-symbols.js';

describe('barcode symbols', () => {
  it('encodes Code 128 as bars and spaces that add up to its width', () => {
    const symbol = encodeCode128('ACME 0000042');
    expect(symbol.bars.length % 2).toBe(1);
    expect(symbol.bars.every((w) => w >= 1 && w <= 4)).toBe(true);
    expect(symbol.bars.reduce((a, b) => a + b, 0)).toBe(symbol.modules);
  });

  it('encodes QR as a square matrix without the quiet zone', () => {
    const symbol = encodeQr('ACME 0000042');
    expect(symbol.size).toBe(21);
    expect(symbol.dark).toHaveLength(21 * 21);
    // The top-left finder pattern: a 7-module dark row.
    expect([...symbol.dark.slice(0, 7)]).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('sizes cached by character classes equal the sizes of the real symbols', () => {
    const text = fc.string({
      unit: fc.constantFrom(...'AZ09 az@"#\\~|/._-$%é'.split('')),
      minLength: 1,
      maxLength: 24,
    });
    fc.assert(
      fc.property(text, (data) => {
        expect(code128Modules(data)).toBe(encodeCode128(data).modules);
        expect(qrSize(data)).toBe(encodeQr(data).size);
      }),
      { numRuns: 150 },
    );
  });
});
