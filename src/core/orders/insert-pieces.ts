import { CompiledQuery, type Transaction } from 'kysely';
import type { DB, PieceTable } from '../../store/schema.js';

/** Rows per multi-row INSERT: 16 values each, under SQLite's 32,766 bound parameters. */
export const PIECE_CHUNK = 1_800;

/** The statement for a full chunk, compiled once by Kysely for this process's dialect. */
let fullChunk: { sql: string; columns: (keyof PieceTable)[] } | undefined;

/**
 * Inserts pieces in multi-row statements. Building and compiling a 1,800-row insert costs more
 * than running it, and every full chunk compiles to the same text, so that text is compiled once
 * and reused with new parameters (the column order read from the rows it was compiled from).
 * Rows must all have the same keys in the same order.
 */
export async function insertPieces(
  trx: Transaction<DB>,
  rows: readonly PieceTable[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += PIECE_CHUNK) {
    const chunk = rows.slice(i, i + PIECE_CHUNK);
    if (chunk.length < PIECE_CHUNK) {
      await trx.insertInto('pieces').values(chunk).execute();
      continue;
    }
    if (!fullChunk) {
      fullChunk = {
        sql: trx.insertInto('pieces').values(chunk).compile().sql,
        columns: Object.keys(chunk[0]!) as (keyof PieceTable)[],
      };
    }
    const { sql, columns } = fullChunk;
    const parameters: unknown[] = [];
    for (const row of chunk) for (const column of columns) parameters.push(row[column]);
    await trx.executeQuery(CompiledQuery.raw(sql, parameters));
  }
}
