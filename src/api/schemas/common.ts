import { Type, type TSchema } from '@sinclair/typebox';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../../store/pagination.js';

/** Shared schema pieces: the list envelope, list query, error body, nullable helpers. */

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const IsoDateTime = Type.String({ format: 'date-time' });
export const IsoDate = Type.String({ format: 'date' });

export const ListQuery = {
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT }),
  starting_after: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
};

export const ListQuerySchema = Type.Object(ListQuery, { additionalProperties: false });

export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({
    object: Type.Literal('list'),
    data: Type.Array(item),
    has_more: Type.Boolean(),
    next_cursor: Nullable(Type.String()),
  });

export const ErrorSchema = Type.Object(
  {
    error: Type.Object({
      type: Type.String(),
      code: Type.String(),
      message: Type.String(),
      param: Type.Optional(Type.String()),
      errors: Type.Optional(Type.Array(Type.Any())),
      request_id: Type.String(),
    }),
  },
  { $id: 'Error' },
);

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** A strict object: unknown fields are refused, so typos never pass silently. */
export const Strict = <T extends Parameters<typeof Type.Object>[0]>(
  properties: T,
  options: Parameters<typeof Type.Object>[1] = {},
) => Type.Object(properties, { additionalProperties: false, ...options });
