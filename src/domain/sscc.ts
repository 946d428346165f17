/**
 * SSCC — the Serial Shipping Container Code (GS1 General Specifications §2.2.1): 18 digits, an
 * extension digit, a GS1 company prefix, a serial reference and a check digit. On a label it is
 * GS1-128 with Application Identifier (00).
 */

/** A GS1 company prefix is 6 to 12 digits (GS1 General Specifications §1.4.4). */
export const GS1_COMPANY_PREFIX_PATTERN = /^[0-9]{6,12}$/;

/**
 * The prefix used when the factory has no GS1 company prefix: GS1 prefix `04` is for
 * restricted circulation inside a company (§2.1.12.1), so such an SSCC is valid on the factory's
 * own floor and its retailers' docks that agree to it, never in the open supply chain.
 */
export const RESTRICTED_CIRCULATION_PREFIX = '0400000';

/** The extension digit factoryd uses: 0 (the company chooses it; one digit is enough here). */
export const SSCC_EXTENSION_DIGIT = '0';

/**
 * The GS1 mod-10 check digit of a string of digits (GS1 General Specifications §7.9.1): from the
 * right, digits are weighted 3, 1, 3, 1 …; the check digit brings the sum up to a multiple of 10.
 */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += (digits.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** How many serials a company prefix leaves room for: 16 digits share prefix and serial. */
export function ssccSerialCapacity(companyPrefix: string): number {
  return 10 ** (16 - companyPrefix.length);
}

/**
 * The SSCC of a serial: extension digit + company prefix (or the restricted-circulation prefix
 * when null) + the serial zero padded to fill 17 digits + the check digit. Throws when the
 * serial does not fit the digits the prefix leaves.
 */
export function makeSscc(companyPrefix: string | null, serial: number): string {
  const prefix = companyPrefix ?? RESTRICTED_CIRCULATION_PREFIX;
  if (!GS1_COMPANY_PREFIX_PATTERN.test(prefix)) {
    throw new Error(`a GS1 company prefix is 6 to 12 digits, not "${prefix}"`);
  }
  const width = 16 - prefix.length;
  if (!Number.isSafeInteger(serial) || serial < 0 || serial >= ssccSerialCapacity(prefix)) {
    throw new Error(`serial ${serial} does not fit ${width} digits after prefix ${prefix}`);
  }
  const body = SSCC_EXTENSION_DIGIT + prefix + String(serial).padStart(width, '0');
  return body + String(gs1CheckDigit(body));
}

/** Whether a string is an SSCC: 18 digits with a right check digit. */
export function isSscc(value: string): boolean {
  return /^[0-9]{18}$/.test(value) && gs1CheckDigit(value.slice(0, 17)) === Number(value[17]);
}

/**
 * The SSCC in what a scanner read from a GS1-128 label, or null: scanners send it as `00` + 18
 * digits (the AI, FNC1 dropped), some with the symbology identifier `]C1` first, some as
 * `(00)` + 18 digits; the SSCC alone is accepted too.
 */
export function ssccFromScan(read: string): string | null {
  // GS (0x1d) separates GS1 fields; an SSCC is a fixed-length field and needs none.
  let text = read.replace(/^\]C1/, '').replaceAll(String.fromCharCode(0x1d), '');
  if (text.startsWith('(00)')) text = text.slice(4);
  else if (text.length === 20 && text.startsWith('00')) text = text.slice(2);
  return isSscc(text) ? text : null;
}

/** An SSCC as people read it under the barcode: `(00) 0 0400000 000000001 7`. */
export function formatSscc(sscc: string, companyPrefix: string | null): string {
  const prefix = companyPrefix ?? RESTRICTED_CIRCULATION_PREFIX;
  const own = sscc.slice(1, 1 + prefix.length) === prefix ? prefix.length : 7;
  return `(00) ${sscc[0]} ${sscc.slice(1, 1 + own)} ${sscc.slice(1 + own, 17)} ${sscc[17]}`;
}
