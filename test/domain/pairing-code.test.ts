import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAIRING_CODE_ALPHABET,
  formatPairingCode,
  generatePairingCode,
  isWellFormedPairingCode,
  normalizePairingCode,
} from '../../src/domain/pairing-code.js';

const letter = fc.constantFrom(...PAIRING_CODE_ALPHABET);
const code = fc.array(letter, { minLength: 8, maxLength: 8 }).map((l) => l.join(''));

/** A byte source that replays `bytes` and then, should more be asked for, zeros. */
function replay(bytes: readonly number[]): (n: number) => Uint8Array {
  let at = 0;
  return (n) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = bytes[at++] ?? 0;
    return out;
  };
}

describe('generatePairingCode', () => {
  it('maps each accepted byte to one letter', () => {
    expect(generatePairingCode(replay([0, 1, 2, 3, 19, 20, 21, 239]))).toBe('BCDFZBCZ');
  });

  it('skips bytes that would favour some letters', () => {
    // 240..255 would map onto the first 16 letters a second time.
    expect(generatePairingCode(replay([240, 255, 1, 250, 2, 3, 4, 5, 6, 7, 8]))).toBe('CDFGHJKL');
  });

  it('asks for more bytes when too many were skipped', () => {
    expect(generatePairingCode(replay(new Array(30).fill(255)))).toBe('BBBBBBBB');
  });

  it('always gives a well-formed code', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 40 }), (bytes) => {
        expect(isWellFormedPairingCode(generatePairingCode(replay(bytes)))).toBe(true);
      }),
    );
  });

  it('reaches every letter equally from the accepted bytes', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 240; byte++) {
      const first = generatePairingCode(replay([byte]))[0]!;
      counts.set(first, (counts.get(first) ?? 0) + 1);
    }
    expect(counts.size).toBe(20);
    expect(new Set(counts.values())).toEqual(new Set([12]));
  });
});

describe('formatting and normalising', () => {
  it('shows a code with a dash in the middle', () => {
    expect(formatPairingCode('BCDFGHJK')).toBe('BCDF-GHJK');
  });

  it('normalises what a person types back to the code', () => {
    expect(normalizePairingCode(' bcdf-ghjk\n')).toBe('BCDFGHJK');
    expect(normalizePairingCode('BCDF GHJK')).toBe('BCDFGHJK');
    expect(normalizePairingCode('bcdf\u2013ghjk')).toBe('BCDFGHJK');
  });

  it('round-trips through format and normalise, in any case and spacing', () => {
    const noise = fc.constantFrom('', ' ', '-', '\t', ' - ');
    fc.assert(
      fc.property(code, noise, noise, fc.boolean(), (c, a, b, lower) => {
        expect(normalizePairingCode(formatPairingCode(c))).toBe(c);
        const typed = a + (lower ? formatPairingCode(c).toLowerCase() : c) + b;
        expect(normalizePairingCode(typed)).toBe(c);
        expect(isWellFormedPairingCode(normalizePairingCode(typed))).toBe(true);
      }),
    );
  });

  it('refuses anything but 8 letters of the alphabet', () => {
    for (const bad of [
      '',
      'BCDFGHJ',
      'BCDFGHJKL',
      'BCDF-GHJK',
      'ABCDFGHJ',
      'BCDFGHJ1',
      'bcdfghjk',
    ]) {
      expect(isWellFormedPairingCode(bad)).toBe(false);
    }
  });
});
