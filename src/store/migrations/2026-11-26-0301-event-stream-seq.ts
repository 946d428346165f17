import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * `events.seq`: the order in which events became visible, for the event stream (DESIGN §16).
 *
 * Event ids sort by the instant they were made, not by commit: two events of one millisecond
 * sort by their random part, and an upload's events are made when it is built and released long
 * after. A stream that resumes "after this id" needs an order in which nothing can appear
 * behind a position a reader has passed. Every write transaction is serialised (SQLite's
 * BEGIN IMMEDIATE; on PostgreSQL the advisory write lock held until the transaction ends,
 * released only after its rows are visible), so a number drawn inside the transaction is a
 * commit order:
 *
 * - SQLite: a one-row counter (`event_seq`) bumped by a trigger for each inserted event. Not
 *   `rowid`: housekeeping may delete the newest events of a quiet factory, and SQLite would then
 *   hand out their rowids again.
 * - PostgreSQL: a sequence as the column's default (drawn under the write lock).
 *
 * Existing events are numbered in their insertion order (SQLite's rowid; PostgreSQL: time, id).
 * Indexes: `(factory_id, seq)` for a client's catch-up, `(seq)` for the process's feed, which
 * reads every factory's new events at once.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`create sequence events_seq_seq`.execute(db);
    await sql`alter table events add column seq bigint`.execute(db);
    await sql`update events set seq = o.n from (
      select id, row_number() over (order by created_at, id) as n from events
    ) o where o.id = events.id`.execute(db);
    await sql`select setval('events_seq_seq', coalesce((select max(seq) from events), 0) + 1, false)`.execute(
      db,
    );
    await sql`alter table events alter column seq set default nextval('events_seq_seq')`.execute(
      db,
    );
    await sql`alter table events alter column seq set not null`.execute(db);
    await sql`alter sequence events_seq_seq owned by events.seq`.execute(db);
  } else {
    await sql`alter table events add column seq integer`.execute(db);
    await sql`update events set seq = rowid`.execute(db);
    await sql`create table event_seq (id integer primary key check (id = 1), last integer not null)`.execute(
      db,
    );
    await sql`insert into event_seq (id, last) select 1, coalesce(max(seq), 0) from events`.execute(
      db,
    );
    await sql`create trigger events_seq after insert on events begin
      update event_seq set last = last + 1 where id = 1;
      update events set seq = (select last from event_seq where id = 1) where rowid = new.rowid;
    end`.execute(db);
  }
  await db.schema.createIndex('events_seq').unique().on('events').column('seq').execute();
  await db.schema
    .createIndex('events_factory_seq')
    .on('events')
    .columns(['factory_id', 'seq'])
    .execute();
}
