import { sql, type Transaction } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { DB } from '../schema.js';
import type { DeferredKind, StoreTx } from '../unit-of-work.js';

/** Each station's last scan, by station id: deferred to the end of the transaction. */
const lastScans: DeferredKind<Map<string, string>> = {
  empty: () => new Map(),
  write: (trx, kept) => {
    // In the units' order: a later scan's stamp wins.
    const stamps = new Map<string, string>();
    for (const unit of kept) for (const [stationId, at] of unit) stamps.set(stationId, at);
    return stampStations(trx, stamps);
  },
};

/**
 * Stamps a station's `last_scan_at` with `at`, written with the transaction's other deferred
 * writes just before it commits: a group-commit batch stamps all the stations that scanned in it
 * in one statement (and drops the stamp of a scan that was rolled back).
 */
export function stampLastScan(tx: StoreTx, stationId: string, at: string): void {
  tx.unit.deferred(lastScans).set(stationId, at);
}

/**
 * Sets the `last_scan_at` of stations, each to its own instant, in one statement. The pairs go as
 * one JSON parameter, so the statement's text is the same whatever their number.
 */
async function stampStations(
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
