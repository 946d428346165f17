import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { DB, EventTable, UploadTable } from '../schema.js';

// The statements of an upload's staging, publishing, clearing, releasing and dropping
// (core/uploads/upload-staging.ts says what holds at every instant). Whether an upload's orders
// are visible is the rule of order-visibility.ts.

/** Records an upload, unpublished: committed before any order is marked with it. */
export async function insertUpload(
  db: Kysely<DB>,
  upload: { id: string; factoryId: string; builtAt: string },
): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      id: upload.id,
      factory_id: upload.factoryId,
      built_at: upload.builtAt,
      published_at: null,
    })
    .execute();
}

/** An upload's row, if it still exists. */
export function findUpload(db: Kysely<DB>, uploadId: string): Promise<UploadTable | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', uploadId).executeTakeFirst();
}

/**
 * Publishes a staged upload if exactly `orders` orders carry its mark and its row is still there
 * unpublished: answers what was wrong otherwise (nothing published), null when published.
 */
export async function publishUploadRow(
  db: Kysely<DB>,
  uploadId: string,
  orders: number,
  at: string,
): Promise<string | null> {
  // From the partial index alone: a few milliseconds for 25,000 orders.
  const marked = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('hidden_by_upload', '=', uploadId)
    .executeTakeFirstOrThrow();
  if (Number(marked.n) !== orders) return `${Number(marked.n)} of ${orders} orders staged`;
  const published = await db
    .updateTable('uploads')
    .set({ published_at: at })
    .where('id', '=', uploadId)
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return Number(published.numUpdatedRows) === 1 ? null : 'no longer staged';
}

/**
 * Clears the mark of up to `limit` orders of an upload published at `publishedAt` (in id order,
 * the partial index's), stamping them `created_at` the publishing and `updated_at` `at` (never
 * earlier than the publishing). Answers how many it cleared.
 */
export async function clearMarksSlice(
  db: Kysely<DB>,
  uploadId: string,
  publishedAt: string,
  at: string,
  limit: number,
): Promise<number> {
  const slice = await db
    .updateTable('orders')
    .set({
      hidden_by_upload: null,
      created_at: publishedAt,
      updated_at: at > publishedAt ? at : publishedAt,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('orders')
        .select('id')
        .where('hidden_by_upload', '=', uploadId)
        // In id order (the partial index's), as the indexes that change take them.
        .orderBy('id')
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(slice.numUpdatedRows);
}

/** The first `limit` events an upload still has staged, in order. */
export function stagedEventIds(
  db: Kysely<DB>,
  uploadId: string,
  limit: number,
): Promise<{ id: string; seq: number }[]> {
  return db
    .selectFrom('staged_events')
    .select(['id', 'seq'])
    .where('upload_id', '=', uploadId)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/**
 * Deletes an upload's row, unless an order still carries its mark (being cleared, or left by a
 * process that stopped): the row is how a sweep finds the marks to clear.
 */
export async function deleteUploadIfUnmarked(db: Kysely<DB>, uploadId: string): Promise<void> {
  await db
    .deleteFrom('uploads')
    .where('id', '=', uploadId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('orders').select('id').where('hidden_by_upload', '=', uploadId))),
    )
    .execute();
}

/** The event columns, staged and released as they are. */
const EVENT_COLUMNS = [
  'id',
  'factory_id',
  'type',
  'data',
  'created_at',
] as const satisfies readonly (keyof EventTable)[];

/**
 * Moves a range of an upload's staged events into the outbox (INSERT … SELECT, then the staged
 * rows deleted), their instants `builtAt` made `at`: the event's own, and those of the order in
 * its data (its list view, built at `builtAt`).
 */
export async function releaseStagedEvents(
  db: Kysely<DB>,
  uploadId: string,
  range: { first: number; last: number },
  builtAt: string,
  at: string,
): Promise<void> {
  // A key with its quotes cannot occur inside a JSON string value, where quotes are escaped.
  const stamp = (key: string, expr: RawBuilder<unknown>) =>
    sql`replace(${expr}, ${`"${key}":"${builtAt}"`}, ${`"${key}":"${at}"`})`;
  const values: Record<(typeof EVENT_COLUMNS)[number], RawBuilder<unknown>> = {
    id: sql.ref('id'),
    factory_id: sql.ref('factory_id'),
    type: sql.ref('type'),
    data: stamp('updated_at', stamp('created_at', sql.ref('data'))),
    created_at: sql`cast(${at} as text)`,
  };
  await sql`insert into events (${sql.join(EVENT_COLUMNS.map((c) => sql.ref(c)))})
    select ${sql.join(EVENT_COLUMNS.map((c) => values[c]))} from staged_events
    where upload_id = ${uploadId} and seq >= ${range.first} and seq <= ${range.last}`.execute(db);
  await db
    .deleteFrom('staged_events')
    .where('upload_id', '=', uploadId)
    .where('seq', '>=', range.first)
    .where('seq', '<=', range.last)
    .execute();
}

/**
 * Deletes up to `limit` of an unpublished upload's hidden orders with their lines and pieces;
 * once none is left, its staged events and its row (last: the row is what hides the orders).
 * Answers 'more' while orders remain, 'done' once the row is gone.
 */
export async function dropUploadSlice(
  db: Kysely<DB>,
  uploadId: string,
  limit: number,
): Promise<'more' | 'done'> {
  const orders = await db
    .selectFrom('orders')
    .select('id')
    .where('hidden_by_upload', '=', uploadId)
    .limit(limit)
    .execute();
  if (orders.length > 0) {
    const ids = orders.map((o) => o.id);
    await db.deleteFrom('pieces').where('order_id', 'in', ids).execute();
    await db.deleteFrom('order_lines').where('order_id', 'in', ids).execute();
    await db.deleteFrom('orders').where('id', 'in', ids).execute();
    return 'more';
  }
  await db.deleteFrom('staged_events').where('upload_id', '=', uploadId).execute();
  await db.deleteFrom('uploads').where('id', '=', uploadId).execute();
  return 'done';
}

/**
 * Uploads a sweep settles: every published one (to finish), and the unpublished ones that may be
 * left over from a process that died. A SQLite file has one factoryd, so any unpublished upload
 * may be; on PostgreSQL another factoryd may be staging, so only those built before
 * `leaseBound` are. The caller leaves out those its own process is staging.
 */
export async function uploadsToSettle(db: Kysely<DB>, leaseBound: string): Promise<UploadTable[]> {
  const sqlite = dialectOf(db) === 'sqlite';
  const uploads = await db.selectFrom('uploads').selectAll().execute();
  return uploads.filter((u) => u.published_at || sqlite || u.built_at < leaseBound);
}
