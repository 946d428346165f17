/**
 * Examples for the OpenAPI document: every JSON request body and success answer gets one, made
 * from its schema. A named schema's own `examples` (written by hand, as `OrderCreate`'s) wins;
 * otherwise each field gets a value that reads as a factory's data would (`order_no: "SW-1042"`,
 * ids with their type's prefix), within the schema's types, enums and bounds, so that linters
 * that validate examples against their schemas find them valid.
 */

type Schema = Record<string, unknown>;

/** The same 26 characters after every prefix: ids look real and stay stable between builds. */
const ID_TAIL = '01M83T67706TQJNVX17R6XZKA4';

/** Id prefixes (DESIGN §3) by the `object` of the record, and by the name of an `…_id` field. */
const PREFIX: Record<string, string> = {
  order: 'ord',
  piece: 'pce',
  scan: 'scn',
  station: 'stn',
  api_key: 'key',
  retailer: 'rtl',
  retailer_user: 'rtu',
  return: 'ret',
  webhook_endpoint: 'whe',
  webhook_delivery: 'dlv',
  staff_user: 'stf',
  hardware_check: 'hwc',
  event: 'evt',
  endpoint: 'whe',
  request: 'req',
  session: 'ses',
};

/** Values by field name, where a type-only value would read badly. */
const BY_NAME: Record<string, unknown> = {
  order_no: 'SW-1042',
  sku: 'SOFA-3S',
  colour: 'Grey',
  items: 'SOFA-3S Grey',
  barcode: 'FD 0000001',
  replacement_barcode: 'FD 0000003',
  retailer_code: 'SW',
  code: 'SW',
  retailer_name: 'Sofa World',
  email: 'buyer@sofa.example',
  url: 'https://erp.example.com/hooks/factoryd',
  pair_url: 'https://factory.example.com/station#code=K7Q2-M9XD',
  qr: 'factoryd://pair?code=K7Q2-M9XD',
  location: 'Bay 9',
  default_location: 'Bay 9',
  station: 'Produce 1',
  reason: null,
  message: 'Produced FD 0000001',
  piece_names: ['Frame', 'Cushions'],
  piece_name: 'Frame',
  timezone: 'Europe/London',
  last4: 'k9Qz',
  key: 'fk_live_8w2YkQ3r7TzN1pV6sJ0aLm4Xc9Ue5Hb',
  secret: 'whsec_MfKQ9r8GdZ5ZTVJSC1pP3ARt1hJc9ZvZ',
  token: 'st_5Yk2nQ8rW1zV7pJ4cX0aLm3Tb9Ue6Hd',
  password: 'correct horse battery',
  description: 'ERP order sync',
  country: 'GB',
  postcode: 'LS1 1AA',
  town: 'Leeds',
  line1: '1 Mill Lane',
  phone: '0113 000 0000',
};

/** Flags that read best off in an example (an order not stuck, a last page, a real run). */
const FALSE_BY_DEFAULT = new Set(['has_more', 'stuck', 'dry_run', 'loopback_only', 'test_label']);

const DATE_TIME = '2026-11-23T09:01:00.000Z';
const DATE = '2026-12-04';

/** An example of `schema` (resolved against the document's named schemas); depth-bounded. */
export function exampleOf(
  schema: unknown,
  components: Record<string, unknown>,
  name = '',
  depth = 0,
): unknown {
  if (schema === null || typeof schema !== 'object' || depth > 12) return undefined;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const target = components[s.$ref.split('/').pop()!];
    return exampleOf(target, components, name, depth + 1);
  }
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) {
    if (name in BY_NAME && s.enum.includes(BY_NAME[name])) return BY_NAME[name];
    return s.enum.find((v) => v !== null) ?? null;
  }
  if (s.default !== undefined) return s.default;
  const branches = (s.allOf ?? s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (branches) {
    const branch = branches.find((b) => (b as Schema).type !== 'null') ?? branches[0];
    return exampleOf(branch, components, name, depth + 1);
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object':
      return objectExample(s, components, depth);
    case 'array': {
      const item = exampleOf(s.items, components, name, depth + 1);
      return item === undefined ? [] : [item];
    }
    case 'string':
      return stringExample(s, name);
    case 'integer':
    case 'number':
      return numberExample(s, name);
    case 'boolean':
      return !FALSE_BY_DEFAULT.has(name);
    case 'null':
      return null;
    default:
      // Any value (`Type.Unknown`, as a delivery's payload): an object.
      return type === undefined ? {} : undefined;
  }
}

function objectExample(s: Schema, components: Record<string, unknown>, depth: number): object {
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const kind = (properties.object as Schema | undefined)?.const ?? firstEnum(properties.object);
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    let value: unknown;
    if (key === 'id' && typeof kind === 'string' && PREFIX[kind]) {
      value = `${PREFIX[kind]}_${ID_TAIL}`;
    } else if (key.endsWith('_id') && PREFIX[key.slice(0, -3)] && accepts(property, 'string')) {
      value = `${PREFIX[key.slice(0, -3)]}_${ID_TAIL}`;
    } else if (key.endsWith('_at') && key !== 'created_at' && accepts(property, 'null')) {
      value = null; // a milestone not reached yet
    } else if (key === 'next_cursor') {
      value = null; // the last page
    } else if (key in BY_NAME && fits(property, BY_NAME[key], components)) {
      value = BY_NAME[key];
    } else {
      value = exampleOf(property, components, key, depth + 1);
    }
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function firstEnum(schema: unknown): unknown {
  const values = (schema as Schema | undefined)?.enum;
  return Array.isArray(values) ? values[0] : undefined;
}

/** Whether a schema's `type` allows `type` (a `$ref` or a union: assumed yes). */
function accepts(schema: unknown, type: string): boolean {
  const t = (schema as Schema | undefined)?.type;
  return t === undefined || t === type || (Array.isArray(t) && t.includes(type));
}

/** Whether a value from BY_NAME suits the field's schema: its type, enum and length. */
function fits(schema: unknown, value: unknown, components: Record<string, unknown>): boolean {
  let s = schema as Schema | undefined;
  if (typeof s?.$ref === 'string') s = components[s.$ref.split('/').pop()!] as Schema;
  if (!s) return false;
  if (value === null) return accepts(s, 'null') || (Array.isArray(s.enum) && s.enum.includes(null));
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return false;
  if (Array.isArray(value)) return accepts(s, 'array');
  if (typeof value !== 'string' || !accepts(s, 'string')) return false;
  if (typeof s.maxLength === 'number' && value.length > s.maxLength) return false;
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value)) return false;
  return !s.format;
}

function stringExample(s: Schema, name: string): string {
  if (s.format === 'date-time') return DATE_TIME;
  if (s.format === 'date') return DATE;
  if (s.format === 'binary') return '';
  if (s.format === 'uri' || name.endsWith('url')) return 'https://factory.example.com';
  const max = typeof s.maxLength === 'number' ? s.maxLength : 40;
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const word = name === 'name' ? 'Sofa World' : name ? name.replace(/_/g, ' ') : 'text';
  const text = word.length >= min ? word : word.padEnd(min, 'x');
  return text.slice(0, Math.max(max, 1));
}

function numberExample(s: Schema, name: string): number {
  const min = typeof s.minimum === 'number' ? s.minimum : 0;
  const max = typeof s.maximum === 'number' ? s.maximum : Number.MAX_SAFE_INTEGER;
  const wanted = name === 'qty' ? 1 : name === 'pieces_per_unit' ? 2 : name.endsWith('_ms') ? 4 : 1;
  return Math.min(Math.max(wanted, min), max);
}
