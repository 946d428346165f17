// The delivery note's own Code 128 encoder against bwip-js's (BWIPP): the same width for every
// printable input (both take the fewest symbol values), the same bars where the choice is forced,
// and a valid symbol (start, data, mod-103 check, stop) that zbarimg reads (the delivery note's
// test decodes every piece barcode).
import { describe, expect, it } from 'vitest';
import { encodeCode128 } from '../../src/labels/barcode-symbols.js';
import { fastCode128 } from '../../src/labels/code128.js';

/** A pseudo-random printable string, digits likely (set C runs), seeded so failures repeat. */
function samples(count: number): string[] {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = '';
    const length = 1 + Math.floor(next() * 16);
    for (let j = 0; j < length; j++) {
      s +=
        next() < 0.6
          ? String(Math.floor(next() * 10))
          : String.fromCharCode(32 + Math.floor(next() * 95));
    }
    out.push(s);
  }
  return out;
}

describe('fastCode128', () => {
  it('gives bwip-js’s symbol width for every printable input, and its bars for piece barcodes', () => {
    for (const data of [
      'FD 0000042',
      'CN 000001',
      'ACME 0001000',
      '12',
      '123',
      'A1234B',
      '00012345678901234567',
      'x',
      '~}|{',
      ...samples(400),
    ]) {
      const ours = fastCode128(data)!;
      const theirs = encodeCode128(data);
      expect(ours.modules, data).toBe(theirs.modules);
      expect(
        ours.bars.reduce((a, b) => a + b, 0),
        data,
      ).toBe(ours.modules);
      // Bars and spaces alternate, a bar first and last: an odd count.
      expect(ours.bars.length % 2, data).toBe(1);
    }
    for (const data of ['FD 0000042', 'CN 000012', 'ACME 0001000']) {
      expect(fastCode128(data)!.bars).toEqual(encodeCode128(data).bars);
    }
  });

  it('leaves to bwip-js what is not printable ASCII, and the empty string', () => {
    expect(fastCode128('Łódź')).toBeNull();
    expect(fastCode128('A\tB')).toBeNull();
    expect(fastCode128('')).toBeNull();
  });
});
