/** Company label prefixes: upper-case letters and digits only, which every keyboard layout sends alike. */
export const LABEL_PREFIX_PATTERN = /^[A-Z0-9]{1,8}$/;

export const DEFAULT_LABEL_PREFIX = 'FD';

const SERIAL_DIGITS = 7;

export function isValidLabelPrefix(s: string): boolean {
  return LABEL_PREFIX_PATTERN.test(s);
}

/**
 * A piece barcode: `<prefix> <serial>`, the serial zero padded to 7 digits (`ACME 0000042`).
 * Serials past 9,999,999 simply grow a digit. Throws a RangeError for an invalid prefix or a
 * serial that is not a non-negative safe integer: both come from our own data, never from input.
 */
export function formatBarcode(prefix: string, serial: number): string {
  if (!isValidLabelPrefix(prefix)) throw new RangeError(`invalid label prefix: ${prefix}`);
  if (!Number.isSafeInteger(serial) || serial < 0) {
    throw new RangeError(`invalid barcode serial: ${serial}`);
  }
  return `${prefix} ${String(serial).padStart(SERIAL_DIGITS, '0')}`;
}

/**
 * What a station read, as it is matched against barcodes. Scanners append a suffix (CR, LF or
 * TAB) and some add control characters around the data; those are trimmed from both ends. Case
 * and inner spaces are kept: the barcode's space is part of it, and the test label's mixed case
 * is what exposes a wrongly configured scanner.
 */
export function normalizeScannedBarcode(raw: string): string {
  return raw.replace(/^[\s\p{Cc}]+|[\s\p{Cc}]+$/gu, '');
}
