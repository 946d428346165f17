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
 * The query side, in Kysely:
 *   .$if(params.starting_after !== undefined, (qb) => qb.where('id', '<', params.starting_after!))
 *   .orderBy('id', 'desc').limit(params.limit + 1)
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
