import type { Kysely, Transaction } from 'kysely';
import { newestFirst, type PageParams } from '../pagination.js';
import type { DB, RetailerTable } from '../schema.js';

/** Retailers: who the factory makes orders for. Codes are stored upper-cased, unique per factory. */

/** Whether another retailer of the factory (than `exceptId`) has this code. */
export async function retailerCodeTaken(
  db: Kysely<DB>,
  factoryId: string,
  code: string,
  exceptId?: string,
): Promise<boolean> {
  const clash = await db
    .selectFrom('retailers')
    .select('id')
    .where('factory_id', '=', factoryId)
    .where('code', '=', code)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return clash !== undefined;
}

export async function insertRetailer(trx: Transaction<DB>, row: RetailerTable): Promise<void> {
  await trx.insertInto('retailers').values(row).execute();
}

/** A page of the factory's retailers, newest first, of one code when given (stored form). */
export function listRetailers(
  db: Kysely<DB>,
  factoryId: string,
  params: PageParams & { code?: string | undefined },
): Promise<RetailerTable[]> {
  return db
    .selectFrom('retailers')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .$if(params.code !== undefined, (qb) => qb.where('code', '=', params.code!))
    .$call(newestFirst(params))
    .execute();
}

export async function updateRetailer(
  trx: Transaction<DB>,
  factoryId: string,
  id: string,
  set: Omit<RetailerTable, 'id' | 'factory_id' | 'created_at'>,
): Promise<void> {
  await trx
    .updateTable('retailers')
    .set(set)
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .execute();
}

export function retailerById(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<RetailerTable | undefined> {
  return db
    .selectFrom('retailers')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The factory's retailer of this code (stored form: upper case). */
export function retailerByCode(
  db: Kysely<DB>,
  factoryId: string,
  code: string,
): Promise<RetailerTable | undefined> {
  return db
    .selectFrom('retailers')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('code', '=', code)
    .executeTakeFirst();
}

/** The factory's retailers of these codes (stored form, no repeats). */
export async function retailersByCodes(
  db: Kysely<DB>,
  factoryId: string,
  codes: readonly string[],
): Promise<RetailerTable[]> {
  const found: RetailerTable[] = [];
  // Chunked: SQLite bounds the number of bound parameters per statement.
  for (let i = 0; i < codes.length; i += 500) {
    const rows = await db
      .selectFrom('retailers')
      .selectAll()
      .where('factory_id', '=', factoryId)
      .where('code', 'in', codes.slice(i, i + 500))
      .execute();
    found.push(...rows);
  }
  return found;
}

/** A retailer's id, name and code; throws when there is none. */
export function retailerSummaryOf(
  db: Kysely<DB>,
  id: string,
): Promise<{ id: string; name: string; code: string }> {
  return db
    .selectFrom('retailers')
    .select(['id', 'name', 'code'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
