import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { DB } from '../schema.js';

/**
 * Writes the probe row in the caller's write transaction (its commit is the real test), and,
 * for a SQLite file, says how many bytes are free on its file system (null on PostgreSQL, whose
 * disk is its server's, and for a database in memory).
 */
export async function probeWrite(
  trx: Transaction<DB>,
  nowIso: string,
): Promise<{ freeBytes: number | null }> {
  await trx
    .insertInto('write_probe')
    .values({ id: 1, at: nowIso })
    .onConflict((oc) => oc.column('id').doUpdateSet({ at: nowIso }))
    .execute();
  if (dialectOf(trx) !== 'sqlite') return { freeBytes: null };
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(trx);
  const file = rows.find((r) => r.name === 'main')?.file;
  if (!file) return { freeBytes: null };
  const fs = statfsSync(dirname(file));
  return { freeBytes: fs.bavail * fs.bsize };
}

/** A read of the probe row: the database answers. */
export async function probeRead(db: Kysely<DB>): Promise<void> {
  await db.selectFrom('write_probe').select('at').where('id', '=', 1).executeTakeFirst();
}
