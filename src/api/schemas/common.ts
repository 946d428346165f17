import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import { ID_PATTERN } from '../../domain/ids.js';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../../store/pagination.js';
import { MAX_PARAM_LENGTH } from '../errors.js';

/** Shared schema pieces: the list envelope, list query, nullable helpers. */

/** A schema as plain JSON Schema keywords (TypeBox's own symbol keys left out). */
const keywords = (schema: TSchema): Record<string, unknown> =>
  Object.fromEntries(Object.entries(schema));

/**
 * `T | null`. A schema of one type becomes `type: [t, 'null']` (a `const` or `enum` gets `null`
 * among its values), and so does a union of literals of one type (an enum). The response
 * serializer writes such a field inline, whereas for `anyOf` it runs a validator on every value
 * to pick the branch, which made answers several times slower to write. Anything else (a union
 * of objects, say) stays `anyOf: [T, null]`.
 */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  // A named schema stays itself (a `$ref` in the document): `anyOf: [T, null]`.
  if (typeof schema.$id === 'string') {
    return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()]));
  }
  const single = singleType(schema);
  if (!single) return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()]));
  const { const: constant, enum: values, anyOf: _literals, ...rest } = keywords(schema);
  const listed =
    single.values ??
    (values as unknown[] | undefined) ??
    (constant === undefined ? undefined : [constant]);
  return Type.Unsafe<Static<T> | null>({
    ...rest,
    type: [single.type, 'null'],
    ...(listed ? { enum: [...listed, null] } : {}),
  });
}

/** The one JSON type of a schema, and its values when it is a union of literals. */
function singleType(schema: TSchema): { type: string; values?: unknown[] } | undefined {
  if (typeof schema.type === 'string' && schema.type !== 'null') return { type: schema.type };
  const branches = schema.anyOf as TSchema[] | undefined;
  const first = branches?.[0];
  if (
    !branches ||
    typeof first?.type !== 'string' ||
    !branches.every((b) => b.const !== undefined && b.type === first.type)
  ) {
    return undefined;
  }
  return { type: first.type, values: branches.map((b) => b.const as unknown) };
}

/**
 * One of some strings, as `type` + `enum`, in requests and answers alike: written inline by the
 * serializer (unlike `anyOf`), typed as a union by generated clients, and refused with "must be
 * one of: …" (errors.ts).
 */
export const StringEnum = <T extends string>(
  values: readonly T[],
  options: { description?: string; default?: T } = {},
) => Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/**
 * A closed set of strings in an answer whose view core types as `string` (a column read back):
 * the document lists the values, as StringEnum does, and TypeScript keeps `string`.
 */
export const ClosedSet = (values: readonly string[], options: { description?: string } = {}) =>
  Type.Unsafe<string>({ type: 'string', enum: [...values], ...options });

/** One of some integers, as `type` + `enum` (StringEnum's reasons). */
export const IntegerEnum = <T extends number>(
  values: readonly T[],
  options: { description?: string; default?: T } = {},
) => Type.Unsafe<T>({ type: 'integer', enum: [...values], ...options });

export const IsoDateTime = Type.String({ format: 'date-time' });
export const IsoDate = Type.String({ format: 'date' });

export const ListQuery = {
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT }),
  /** A malformed cursor is refused as `invalid_cursor` (errors.ts), not `validation_failed`. */
  starting_after: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: ID_PATTERN,
      description: 'The `next_cursor` of the previous page, as it came.',
    }),
  ),
};

export const ListQuerySchema = Type.Object(ListQuery, { additionalProperties: false });

/** The list query of a list paged by another key than the id (voided labels: the barcode). */
export const ListQueryBy = <T extends TSchema>(cursor: T) =>
  Type.Object(
    { limit: ListQuery.limit, starting_after: Type.Optional(cursor) },
    { additionalProperties: false },
  );

/**
 * A page of a list. Of a named item (`$id`, see docs/architecture.md), the envelope is named too
 * (`Order` → `OrderList`), so a generated client has a type for the page.
 */
export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object(
    {
      object: Type.Literal('list'),
      data: Type.Array(item),
      has_more: Type.Boolean({ description: 'true: there is a next page (next_cursor).' }),
      next_cursor: Nullable(
        Type.String({
          description: 'Send it as starting_after for the next page; null on the last page.',
        }),
      ),
    },
    typeof item.$id === 'string'
      ? { $id: `${item.$id}List`, description: `A page of ${item.$id} items, newest first.` }
      : {},
  );

/**
 * A path parameter's longest value: the router answers 414 `uri_too_long` beyond it (errors.ts),
 * so the document says the same.
 */
export const PathParam = (description?: string) =>
  Type.String({
    minLength: 1,
    maxLength: MAX_PARAM_LENGTH,
    ...(description ? { description } : {}),
  });

export const IdParams = Type.Object({ id: PathParam() });

/** A retailer in a path: its id or its code (any case). */
export const RetailerRef = PathParam('The retailer: its id (rtl_…) or its code.');

/** A strict object: unknown fields are refused, so typos never pass silently. */
export const Strict = <T extends Parameters<typeof Type.Object>[0]>(
  properties: T,
  options: Parameters<typeof Type.Object>[1] = {},
) => Type.Object(properties, { additionalProperties: false, ...options });
