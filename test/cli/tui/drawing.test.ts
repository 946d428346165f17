import { describe, expect, it } from 'vitest';
import { bigText } from '../../../src/cli/tui/big-text.js';
import { backoff, countdown, errorLine } from '../../../src/cli/tui/format.js';
import { qrLines } from '../../../src/cli/tui/qr-lines.js';
import { ApiError, ConnectionError } from '../../../src/cli/errors.js';
import { readQrFromScreen } from './helpers/read-qr.js';

const PAIRING_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

describe('drawing pairing codes', () => {
  it('draws every pairing-code letter in block letters three rows high', () => {
    for (const letter of PAIRING_ALPHABET) {
      const lines = bigText(
        `${letter}${letter}${letter}${letter}-${letter}${letter}${letter}${letter}`,
      );
      expect(lines, letter).toHaveLength(3);
      expect(lines!.join(''), letter).toMatch(/[█▀▄]/);
    }
    expect(bigText('BCDF-GHJK')).not.toEqual(bigText('BCDF-GHJL'));
    expect(bigText('ÉCLAIR')).toBeUndefined();
  });

  it('fits a code in 45 columns, leaving room for the QR code in 80', () => {
    const widest = bigText('MWMW-MWMW')!;
    const typical = bigText('BCDF-GHJK')!;
    expect(Math.max(...typical.map((line) => line.length))).toBeLessThanOrEqual(45);
    expect(Math.max(...widest.map((line) => line.length))).toBeLessThanOrEqual(52);
  });

  it('draws a QR code that a decoder reads back, small enough for 24 rows', () => {
    const link = 'factorystation://pair?code=BCDFGHJK';
    const lines = qrLines(link);
    expect(lines.length).toBeLessThanOrEqual(18);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(readQrFromScreen(['header', ...lines.map((line) => `${line}   text`)].join('\n'))).toBe(
      link,
    );
  });
});

describe('status text', () => {
  it('counts down in minutes and seconds, never below zero', () => {
    expect(countdown(600_000)).toBe('10:00');
    expect(countdown(599_001)).toBe('10:00');
    expect(countdown(599_000)).toBe('09:59');
    expect(countdown(1)).toBe('00:01');
    expect(countdown(-5_000)).toBe('00:00');
  });

  it('retries sooner first, then less often, up to a ceiling', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => backoff(attempt, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it('shows an error as one line with its code', () => {
    const refused = new ApiError({
      status: 400,
      type: 'invalid_request_error',
      code: 'location_required',
      message: 'A bay is needed\nto restock.',
    });
    expect(errorLine(refused)).toBe('A bay is needed to restock. (location_required)');
    expect(errorLine(new ConnectionError('http://127.0.0.1:9', 'connection refused'))).toBe(
      'cannot reach http://127.0.0.1:9: connection refused',
    );
  });
});
