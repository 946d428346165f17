/**
 * Pairing codes are read off a screen and typed into a device. The alphabet is RFC 8628's: no
 * vowels (no words by accident) and no digits (nothing to confuse with O or I).
 */
export const PAIRING_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const PAIRING_CODE_LENGTH = 8;

const WELL_FORMED = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);
// The largest multiple of the alphabet size that fits a byte: bytes at or above it are skipped so
// that every letter is equally likely.
const UNBIASED_LIMIT = 256 - (256 % PAIRING_CODE_ALPHABET.length);

/**
 * A new 8-letter code. `randomBytes` must be a cryptographic source (node:crypto's randomBytes);
 * it is injected so tests can drive it.
 */
export function generatePairingCode(randomBytes: (n: number) => Uint8Array): string {
  let code = '';
  while (code.length < PAIRING_CODE_LENGTH) {
    // A few spare bytes cover most rejections in one call.
    for (const byte of randomBytes(PAIRING_CODE_LENGTH + 4)) {
      if (byte >= UNBIASED_LIMIT) continue;
      code += PAIRING_CODE_ALPHABET[byte % PAIRING_CODE_ALPHABET.length];
      if (code.length === PAIRING_CODE_LENGTH) break;
    }
  }
  return code;
}

/** How a code is shown to people: `BCDF-GHJK`. Expects a well-formed code. */
export function formatPairingCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * A code as typed by a person, ready to match: upper-cased, with whitespace and dashes dropped
 * (including the typographic dashes a phone may substitute when the code is pasted).
 */
export function normalizePairingCode(input: string): string {
  return input.toUpperCase().replace(/[\s\-\u2010-\u2015\u2212]/g, '');
}

/** Whether `s` is exactly a code (normalise user input first). */
export function isWellFormedPairingCode(s: string): boolean {
  return WELL_FORMED.test(s);
}
