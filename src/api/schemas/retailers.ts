import { Type, type Static } from '@sinclair/typebox';
import { RETAILER_NAME_MAX } from '../../core/retailers/retailers.js';
import { IsoDateTime } from './common.js';

export const Retailer = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('retailer'),
    name: Type.String(),
    code: Type.String(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  },
  { $id: 'Retailer' },
);

export const Name = Type.String({ minLength: 1, maxLength: RETAILER_NAME_MAX, pattern: '\\S' });
/** Case-insensitive on the way in (stored upper-cased); the core checks the exact pattern. */
export const Code = Type.String({
  minLength: 1,
  maxLength: 20,
  pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9_-]*\\s*$',
});

export type Retailer = Static<typeof Retailer>;
