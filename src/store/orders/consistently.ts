import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/**
 * Runs reads in one read-only transaction, so the order, its pieces and its scans are one
 * consistent picture (a write committing meanwhile is not half seen); inside a transaction that
 * is already the case. A read-only transaction never waits for a write, on either dialect.
 */
export function consistently<T>(db: Kysely<DB>, read: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return read(db);
  // PostgreSQL's default (read committed) gives each statement a snapshot of its own.
  const snapshot = db.transaction().setIsolationLevel('repeatable read');
  return snapshot.setAccessMode('read only').execute(read);
}
