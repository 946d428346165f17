import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The condition every read of orders carries: an order is shown unless the upload that wrote it
 * is still unpublished (docs/orders.md, "How an upload is written").
 *
 * `hidden_by_upload` names the upload an order came in with until its mark is cleared, and the
 * mark alone does not hide it: the upload's `uploads` row does, while its `published_at` is null.
 * So the one short transaction that sets `published_at` shows a whole upload at once, and the
 * marks are cleared afterwards in transactions short enough for scans to run between them
 * (upload-clearing.ts). A mark whose `uploads` row does not exist (deleted) hides nothing: the
 * rule fails towards showing an order, never towards losing one.
 *
 * `is null` comes first: nearly every order has no mark, and for those the rest is never
 * evaluated. A marked row costs one lookup of `uploads` by its primary key.
 *
 * Builder queries (`.where(orderIsVisible('o'))`) and raw SQL (`and ${orderIsVisible('p')}`)
 * both take it, so the rule is written once. `table` is what the query calls `orders` (an alias,
 * or the table's own name); the column is always qualified, so the subquery reads the outer row's.
 */
export function orderIsVisible(table = 'orders'): RawBuilder<SqlBool> {
  const mark = sql.ref(`${table}.hidden_by_upload`);
  const unpublished = sql`select 1 from uploads unpublished
    where unpublished.id = ${mark} and unpublished.published_at is null`;
  return sql<SqlBool>`(${mark} is null or not exists (${unpublished}))`;
}
