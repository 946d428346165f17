import { Type, type Static } from '@sinclair/typebox';
import { RETAILER_NAME_MAX, type RetailerView } from '../../core/retailers/retailers.js';
import { IsoDateTime, Nullable, Strict } from './common.js';
import { AddressFields } from './company.js';
import type { Assert, Same } from './same-shape.js';

/**
 * A retailer's address: the company address's shape (two lines, town, postcode, ISO 3166-1
 * alpha-2 country), printed on its delivery notes (docs/decisions.md, "Retailer addresses").
 */
export const RetailerAddress = Type.Object(
  {
    line1: Nullable(Type.String()),
    line2: Nullable(Type.String()),
    town: Nullable(Type.String()),
    postcode: Nullable(Type.String()),
    country: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2, in capitals: `GB`.' })),
  },
  { $id: 'RetailerAddress', description: 'Where its deliveries go; every part may be null.' },
);

const EXAMPLE_ADDRESS = {
  line1: 'Northwind Home DC',
  line2: 'Unit 4, Meadow Lane',
  town: 'Leeds',
  postcode: 'LS11 5DH',
  country: 'GB',
};

export const Retailer = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('retailer'),
    name: Type.String(),
    code: Type.String(),
    address: RetailerAddress,
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  },
  {
    $id: 'Retailer',
    examples: [
      {
        id: 'rtl_01JD5ZQ8X0000000000000000A',
        object: 'retailer',
        name: 'Northwind Home',
        code: 'NW',
        address: EXAMPLE_ADDRESS,
        created_at: '2026-11-22T09:15:00.123Z',
        updated_at: '2026-11-22T09:15:00.123Z',
      },
    ],
  },
);

export const Name = Type.String({ minLength: 1, maxLength: RETAILER_NAME_MAX, pattern: '\\S' });
/** Case-insensitive on the way in (stored upper-cased); the core checks the exact pattern. */
export const Code = Type.String({
  minLength: 1,
  maxLength: 20,
  pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9_-]*\\s*$',
});

/** An address as sent: parts left out are kept (on a change), null or blank empties one. */
const AddressBody = Strict(AddressFields, {
  description:
    'The parts sent change (blank or null empties one); `country` is an ISO 3166-1 alpha-2 code (any case). `null` empties the whole address.',
});

export const RetailerCreate = Strict(
  { name: Name, code: Code, address: Type.Optional(Nullable(AddressBody)) },
  {
    $id: 'RetailerCreate',
    examples: [{ name: 'Northwind Home', code: 'NW', address: EXAMPLE_ADDRESS }],
  },
);

export const RetailerUpdate = Strict(
  {
    name: Type.Optional(Name),
    code: Type.Optional(Code),
    address: Type.Optional(Nullable(AddressBody)),
  },
  {
    $id: 'RetailerUpdate',
    minProperties: 1,
    examples: [{ address: { line2: 'Unit 6, Meadow Lane', postcode: 'LS11 5DJ' } }],
  },
);

export type Retailer = Static<typeof Retailer>;

type _View = Assert<Same<Retailer, RetailerView>>;
