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
