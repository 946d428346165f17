/**
 * A consignment's number as printed on its load sheet and scanned at a dispatch bay:
 * `CN ` + the factory's consignment counter, six digits (`CN 000012`). Piece barcodes have seven
 * digits after their prefix, so a factory whose label prefix is `CN` still tells them apart.
 */
export const CONSIGNMENT_NUMBER_PREFIX = 'CN';

const DIGITS = 6;
const PATTERN = /^CN ?([0-9]{6})$/;

export function formatConsignmentNumber(n: number): string {
  return `${CONSIGNMENT_NUMBER_PREFIX} ${String(n).padStart(DIGITS, '0')}`;
}

/**
 * The counter a scanned or typed consignment number names (`CN 000012`, `cn000012`), or null
 * when the text is not one.
 */
export function parseConsignmentNumber(text: string): number | null {
  const match = PATTERN.exec(text.trim().toUpperCase());
  return match ? Number(match[1]) : null;
}
