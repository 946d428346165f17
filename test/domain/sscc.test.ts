import bwipjs from 'bwip-js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatSscc,
  gs1CheckDigit,
  isSscc,
  makeSscc,
  ssccFromScan,
  ssccSerialCapacity,
} from '../../src/domain/sscc.js';

/**
 * GS1's check digit, written again from the GS1 General Specifications (§7.9.1) as a person
 * would do it on paper, independent of the code under test: pad to 17 digits, multiply
 * positions 1, 3, 5 … by 3 and 2, 4, 6 … by 1 (counted from the left for an 18-digit key),
 * add up, and subtract from the nearest equal or higher multiple of ten.
 */
function referenceCheckDigit(seventeen: string): number {
  const multipliers = [3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(seventeen[i]) * multipliers[i]!;
  const nextTen = Math.ceil(sum / 10) * 10;
  return nextTen - sum;
}

const prefixArb = fc
  .integer({ min: 6, max: 12 })
  .chain((n) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`)));

describe('SSCC', () => {
  it('ends with the check digit of GS1 algorithm, for many prefixes and serials', () => {
    fc.assert(
      fc.property(
        fc.option(prefixArb, { nil: null }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        (prefix, fraction) => {
          const capacity = ssccSerialCapacity(prefix ?? '0400000');
          const serial = Math.floor(fraction * capacity);
          const sscc = makeSscc(prefix, serial);
          expect(sscc).toMatch(/^[0-9]{18}$/);
          expect(sscc.startsWith(`0${prefix ?? '0400000'}`)).toBe(true);
          expect(Number(sscc.slice(1 + (prefix ?? '0400000').length, 17))).toBe(serial);
          expect(Number(sscc[17])).toBe(referenceCheckDigit(sscc.slice(0, 17)));
          expect(isSscc(sscc)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('agrees with the reference on any 17 digits, and rejects every wrong check digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{17}$/), (body) => {
        const check = referenceCheckDigit(body);
        expect(gs1CheckDigit(body)).toBe(check);
        for (let d = 0; d < 10; d++) expect(isSscc(body + String(d))).toBe(d === check);
      }),
      { numRuns: 5000 },
    );
  });

  it("matches GS1's example SSCC (00) 3 7610425 002123456 9", () => {
    expect(gs1CheckDigit('37610425002123456')).toBe(9);
    expect(isSscc('376104250021234569')).toBe(true);
  });

  it('passes the check-digit validation of an independent GS1 encoder (bwip-js)', () => {
    fc.assert(
      fc.property(fc.option(prefixArb, { nil: null }), fc.nat({ max: 9999 }), (prefix, serial) => {
        const sscc = makeSscc(prefix, serial);
        // bwip-js refuses AI (00) data whose check digit is wrong (GS1badChecksum).
        expect(() => bwipjs.raw('gs1-128', `(00)${sscc}`, {})).not.toThrow();
        const wrong = sscc.slice(0, 17) + String((Number(sscc[17]) + 1) % 10);
        expect(() => bwipjs.raw('gs1-128', `(00)${wrong}`, {})).toThrow(/checksum/i);
      }),
      { numRuns: 200 },
    );
  });

  it('uses the restricted-circulation prefix without a company prefix, and refuses what does not fit', () => {
    expect(makeSscc(null, 1)).toBe('004000000000000015');
    expect(() => makeSscc('12345', 1)).toThrow();
    expect(() => makeSscc('123456789012', 10_000)).toThrow();
    expect(makeSscc('123456789012', 9_999)).toMatch(/^01234567890129999\d$/);
  });

  it('reads an SSCC as scanners send GS1-128, and prints it as people read it', () => {
    const sscc = makeSscc('5012345', 42);
    expect(ssccFromScan(`00${sscc}`)).toBe(sscc);
    expect(ssccFromScan(`]C100${sscc}`)).toBe(sscc);
    expect(ssccFromScan(`(00)${sscc}`)).toBe(sscc);
    expect(ssccFromScan(sscc)).toBe(sscc);
    const wrong = sscc.slice(0, 17) + String((Number(sscc[17]) + 1) % 10);
    expect(ssccFromScan(`00${wrong}`)).toBeNull();
    expect(ssccFromScan('FD 0000001')).toBeNull();
    expect(formatSscc(sscc, '5012345')).toBe(`(00) 0 5012345 000000042 ${sscc[17]}`);
  });
});
