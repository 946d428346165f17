import { normalizeScannedBarcode } from './barcode.js';

/**
 * The fixed string printed on the hardware test label. Its characters sit on different keys on
 * US and UK keyboards (`@ " # \ ~ |`), and it mixes case and digits, so a keyboard-wedge scanner
 * set to the wrong layout or with caps lock on reads something else.
 */
export const TEST_LABEL_STRING = 'FDTEST-aZ09@"#\\~|/._';

/** Whether a station read the test label, exactly: a misread is a failed hardware check. */
export function isTestLabel(scanned: string): boolean {
  return normalizeScannedBarcode(scanned) === TEST_LABEL_STRING;
}

/** What every read of the test label starts with, whatever the scanner's keyboard layout. */
export const TEST_LABEL_LEAD = 'FDTEST';

/**
 * Whether a station read the test label, exactly or not: its first six characters are letters
 * that US, UK, German and French layouts all type alike (only their case can flip, with caps
 * lock), so even a scanner on the wrong layout reads them. A hardware check rides only on such
 * a scan (POST /v1/scans with `hardware_check`).
 */
export function isTestLabelRead(scanned: string): boolean {
  return normalizeScannedBarcode(scanned).toUpperCase().startsWith(TEST_LABEL_LEAD);
}
