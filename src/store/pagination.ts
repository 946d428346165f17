import type { SelectQueryBuilder } from 'kysely';

/** The list envelope every list endpoint answers (DESIGN §3). */
export interface Page<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface PageParams {
  /** 1–100. */
  limit: number;
  /** The `next_cursor` of the previous page: the id of its last row. */
  starting_after?: string | undefined;
}

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

/**
 * Turns rows fetched with `limit + 1` (newest first, `id < starting_after`) into a page.
 * Keyset pagination: rows created while a client pages through never shift a page, so every row
 * present at the start is seen exactly once.
 *
 * The query side is `newestFirst(params)`.
 */
export function toPage<R extends { id: string }, T = R>(
  rows: R[],
  params: PageParams,
  map: (row: R) => T = (row) => row as unknown as T,
): Page<T> {
  const has_more = rows.length > params.limit;
  const kept = has_more ? rows.slice(0, params.limit) : rows;
  return {
    object: 'list',
    data: kept.map(map),
    has_more,
    next_cursor: has_more ? kept[kept.length - 1]!.id : null,
  };
}

/**
 * Keyset pagination for a select over a table with an `id` column: newest first, after the
 * cursor, one row more than the page to tell whether more follow. Use as
 * `.$call(newestFirst(params))`, then `toPage(rows, params, map)`.
 */
export function newestFirst(params: PageParams) {
  // Any table with an `id` column: the builder's own types pass through unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return <QB extends SelectQueryBuilder<any, any, any>>(qb: QB): QB => {
    const after = params.starting_after;
    const filtered = after === undefined ? qb : qb.where('id', '<', after);
    return filtered.orderBy('id', 'desc').limit(params.limit + 1) as QB;
  };
}
