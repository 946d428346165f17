/**
 * The few IPP/1.1 messages factoryd sends (RFC 8010 encoding, RFC 8011 operations): Print-Job,
 * Get-Printer-Attributes and Get-Job-Attributes, and the answers' attributes. docs/decisions.md,
 * "Printing", says why these are encoded here rather than taken from a library.
 */

export const IPP_OPERATIONS = {
  printJob: 0x0002,
  getJobAttributes: 0x0009,
  getPrinterAttributes: 0x000b,
} as const;

const TAG = {
  operationAttributes: 0x01,
  jobAttributes: 0x02,
  end: 0x03,
  printerAttributes: 0x04,
  integer: 0x21,
  boolean: 0x22,
  enum: 0x23,
  text: 0x41,
  name: 0x42,
  keyword: 0x44,
  uri: 0x45,
  charset: 0x47,
  naturalLanguage: 0x48,
  mimeMediaType: 0x49,
} as const;

type Value = { tag: number; value: string | number };

/** An operation attribute: one value, or several (a 1setOf). */
export type IppAttribute = [name: string, ...values: Value[]];

export const keyword = (value: string): Value => ({ tag: TAG.keyword, value });
export const uri = (value: string): Value => ({ tag: TAG.uri, value });
export const name = (value: string): Value => ({ tag: TAG.name, value });
export const mimeType = (value: string): Value => ({ tag: TAG.mimeMediaType, value });
export const integer = (value: number): Value => ({ tag: TAG.integer, value });

function encodeValue(tag: number, attrName: string, value: string | number): Buffer {
  const nameBytes = Buffer.from(attrName, 'utf8');
  let valueBytes: Buffer;
  if (typeof value === 'number') {
    valueBytes = Buffer.alloc(4);
    valueBytes.writeInt32BE(value);
  } else {
    valueBytes = Buffer.from(value, 'utf8');
  }
  const head = Buffer.alloc(1 + 2 + nameBytes.length + 2);
  head.writeUInt8(tag, 0);
  head.writeUInt16BE(nameBytes.length, 1);
  nameBytes.copy(head, 3);
  head.writeUInt16BE(valueBytes.length, 3 + nameBytes.length);
  return Buffer.concat([head, valueBytes]);
}

/**
 * An IPP/2.0 request: version, operation, request id, then the operation attributes group with
 * attributes-charset and attributes-natural-language first (as RFC 8011 §4.1.4 requires), then
 * `attributes`, then end-of-attributes. The document, if any, follows the message.
 */
export function encodeRequest(
  operation: number,
  requestId: number,
  attributes: readonly IppAttribute[],
): Buffer {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(8);
  head.writeUInt8(2, 0);
  head.writeUInt8(0, 1);
  head.writeUInt16BE(operation, 2);
  head.writeInt32BE(requestId, 4);
  parts.push(head, Buffer.from([TAG.operationAttributes]));
  parts.push(encodeValue(TAG.charset, 'attributes-charset', 'utf-8'));
  parts.push(encodeValue(TAG.naturalLanguage, 'attributes-natural-language', 'en'));
  for (const [attrName, ...values] of attributes) {
    values.forEach((v, i) => parts.push(encodeValue(v.tag, i === 0 ? attrName : '', v.value)));
  }
  parts.push(Buffer.from([TAG.end]));
  return Buffer.concat(parts);
}

export interface IppResponse {
  statusCode: number;
  requestId: number;
  /** Every attribute of every group, by name: its values (integers and enums as numbers). */
  attributes: Map<string, (string | number | boolean)[]>;
}

/** Reads an IPP response; throws on a message that is cut short or malformed. */
export function decodeResponse(body: Buffer): IppResponse {
  if (body.length < 9) throw new Error('the IPP answer is too short');
  const statusCode = body.readUInt16BE(2);
  const requestId = body.readInt32BE(4);
  const attributes = new Map<string, (string | number | boolean)[]>();
  let at = 8;
  let last: (string | number | boolean)[] | undefined;
  while (at < body.length) {
    const tag = body.readUInt8(at);
    at += 1;
    if (tag === TAG.end) break;
    if (tag < 0x10) continue; // a group starts
    const nameLength = body.readUInt16BE(at);
    const attrName = body.toString('utf8', at + 2, at + 2 + nameLength);
    at += 2 + nameLength;
    const valueLength = body.readUInt16BE(at);
    const raw = body.subarray(at + 2, at + 2 + valueLength);
    if (raw.length !== valueLength) throw new Error('the IPP answer is cut short');
    at += 2 + valueLength;
    const value =
      tag === TAG.integer || tag === TAG.enum
        ? raw.readInt32BE(0)
        : tag === TAG.boolean
          ? raw.readUInt8(0) === 1
          : raw.toString('utf8');
    if (nameLength === 0 && last) last.push(value);
    else {
      last = [value];
      // The first group's copy wins: operation attributes come before the printer's or the job's.
      if (!attributes.has(attrName)) attributes.set(attrName, last);
    }
  }
  return { statusCode, requestId, attributes };
}

/** IPP's successful-ok range (0x0000–0x00FF). */
export const isSuccess = (statusCode: number): boolean => statusCode < 0x0100;
