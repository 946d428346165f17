import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LABEL_PREFIX,
  LABEL_PREFIX_PATTERN,
  formatBarcode,
  isValidLabelPrefix,
  normalizeScannedBarcode,
} from '../../src/domain/barcode.js';

const prefix = fc.stringMatching(LABEL_PREFIX_PATTERN);

describe('formatBarcode', () => {
  it('pads the serial to seven digits after a space', () => {
    expect(formatBarcode('ACME', 42)).toBe('ACME 0000042');
    expect(formatBarcode(DEFAULT_LABEL_PREFIX, 0)).toBe('FD 0000000');
    expect(formatBarcode('FD', 9_999_999)).toBe('FD 9999999');
    expect(formatBarcode('FD', 10_000_000)).toBe('FD 10000000');
  });

  it('uses only characters every keyboard layout sends alike, and keeps the serial readable', () => {
    fc.assert(
      fc.property(prefix, fc.nat(), (p, serial) => {
        const barcode = formatBarcode(p, serial);
        expect(barcode).toMatch(/^[A-Z0-9 ]+$/);
        const [head, digits] = barcode.split(' ');
        expect(head).toBe(p);
        expect(Number(digits)).toBe(serial);
        expect(digits!.length).toBeGreaterThanOrEqual(7);
      }),
    );
  });

  it('refuses a bad prefix or serial', () => {
    expect(() => formatBarcode('acme', 1)).toThrow(RangeError);
    expect(() => formatBarcode('FD', -1)).toThrow(RangeError);
    expect(() => formatBarcode('FD', 1.5)).toThrow(RangeError);
  });
});

describe('isValidLabelPrefix', () => {
  it('accepts 1 to 8 upper-case letters and digits', () => {
    for (const ok of ['FD', 'A', 'ACME2026', '0']) expect(isValidLabelPrefix(ok)).toBe(true);
    for (const bad of ['', 'acme', 'TOOLONG99', 'A B', 'A-B', 'ÄB']) {
      expect(isValidLabelPrefix(bad)).toBe(false);
    }
  });
});

describe('normalizeScannedBarcode', () => {
  it('drops the suffix and control characters a scanner adds, and nothing else', () => {
    expect(normalizeScannedBarcode('FD 0000042\r\n')).toBe('FD 0000042');
    expect(normalizeScannedBarcode('\tFD 0000042\t')).toBe('FD 0000042');
    expect(normalizeScannedBarcode('\u0002FD 0000042\u0003')).toBe('FD 0000042');
    expect(normalizeScannedBarcode(' aZ 09 ')).toBe('aZ 09');
  });

  it('keeps what was read between its ends, case included', () => {
    const padding = fc.stringMatching(/^[ \t\r\n]*$/);
    fc.assert(
      fc.property(prefix, fc.nat(), padding, padding, (p, serial, before, after) => {
        const barcode = formatBarcode(p, serial);
        expect(normalizeScannedBarcode(before + barcode + after)).toBe(barcode);
        expect(normalizeScannedBarcode(barcode.toLowerCase())).toBe(barcode.toLowerCase());
      }),
    );
  });
});
