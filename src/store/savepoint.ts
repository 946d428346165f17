import { CompiledQuery, type Transaction } from 'kysely';
import type { DB } from './schema.js';
import { forgetWriterMemos } from './sqlite-driver.js';

// Compiled once: a group-commit batch that has to isolate its units runs two of them per unit.
const SAVEPOINT = CompiledQuery.raw('savepoint unit');
const RELEASE = CompiledQuery.raw('release savepoint unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint unit');

/**
 * Runs `work` in a savepoint of `trx`: when it throws, only what it wrote is undone and the
 * error is returned; the transaction goes on, on both dialects. A savepoint statement that
 * fails throws (the transaction is then lost).
 */
export async function inSavepoint<T>(
  trx: Transaction<DB>,
  work: () => Promise<T>,
): Promise<{ value: T } | { error: unknown }> {
  await trx.executeQuery(SAVEPOINT);
  try {
    const value = await work();
    await trx.executeQuery(RELEASE);
    return { value };
  } catch (error) {
    await trx.executeQuery(ROLLBACK_TO);
    // What a memo stands for may be undone with the unit.
    forgetWriterMemos(trx);
    await trx.executeQuery(RELEASE);
    return { error };
  }
}
