import { sql, type Transaction } from 'kysely';
import { dialectOf } from '../../store/dialect.js';
import type { DB } from '../../store/schema.js';

/**
 * Sets the `last_scan_at` of stations, each to its own instant, in one statement: a group-commit
 * batch stamps all the stations that scanned in it at once. The pairs go as one JSON parameter,
 * so the statement's text is the same whatever their number.
 */
export async function stampStations(
  trx: Transaction<DB>,
  stamps: ReadonlyMap<string, string>,
): Promise<void> {
  if (stamps.size === 0) return;
  const pairs = JSON.stringify([...stamps].map(([id, at]) => ({ id, at })));
  if (dialectOf(trx) === 'postgres') {
    await sql`update stations set last_scan_at = v.at
      from json_to_recordset(${pairs}::json) as v(id text, at text)
      where stations.id = v.id`.execute(trx);
  } else {
    await sql`update stations set last_scan_at = json_extract(v.value, '$.at')
      from json_each(${pairs}) as v
      where stations.id = json_extract(v.value, '$.id')`.execute(trx);
  }
}
