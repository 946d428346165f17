import type { Kysely } from 'kysely';
import type { PageParams } from '../pagination.js';
import { newestFirst } from '../pagination.js';
import type { DB, PrinterTable } from '../schema.js';

export type PrinterRow = PrinterTable;
export type PrinterChanges = Partial<Omit<PrinterRow, 'id' | 'factory_id'>>;

/** A factory's printer (not deleted) by id; undefined when there is none. */
export function findPrinter(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<PrinterRow | undefined> {
  return db
    .selectFrom('printers')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A printer by id whatever its factory, deleted or not (the print worker's view). */
export function printerById(db: Kysely<DB>, id: string): Promise<PrinterRow | undefined> {
  return db.selectFrom('printers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of a factory's printers (not deleted), newest first. */
export function listPrinters(
  db: Kysely<DB>,
  factoryId: string,
  params: PageParams,
): Promise<PrinterRow[]> {
  return db
    .selectFrom('printers')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('deleted_at', 'is', null)
    .$call(newestFirst(params))
    .execute();
}

/** Every printer of every factory (not deleted): what a print worker drives. */
export function allLivePrinters(db: Kysely<DB>): Promise<PrinterRow[]> {
  return db.selectFrom('printers').selectAll().where('deleted_at', 'is', null).execute();
}

export async function insertPrinter(trx: Kysely<DB>, row: PrinterRow): Promise<void> {
  await trx.insertInto('printers').values(row).execute();
}

export async function updatePrinter(
  trx: Kysely<DB>,
  id: string,
  changes: PrinterChanges,
): Promise<void> {
  await trx.updateTable('printers').set(changes).where('id', '=', id).execute();
}

/**
 * Sets a printer's state if it is still `from` (state and reasons as read): true when this call
 * changed it. Two processes polling one printer both see the change, and only one of them wins
 * the update, so the change is told once.
 */
export async function changePrinterState(
  trx: Kysely<DB>,
  id: string,
  from: Pick<PrinterRow, 'state' | 'state_reasons'>,
  to: Pick<PrinterRow, 'state' | 'state_reasons' | 'last_error' | 'updated_at'> & {
    last_seen_at?: string;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('printers')
    .set(to)
    .where('id', '=', id)
    .where('state', '=', from.state)
    .where('state_reasons', '=', from.state_reasons)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records that a printer answered at `at` (its state unchanged). */
export async function touchPrinter(trx: Kysely<DB>, id: string, at: string): Promise<void> {
  await trx.updateTable('printers').set({ last_seen_at: at }).where('id', '=', id).execute();
}

/** Stations that print on this printer print on none from now on. */
export async function detachPrinterFromStations(trx: Kysely<DB>, printerId: string): Promise<void> {
  await trx
    .updateTable('stations')
    .set({ printer_id: null })
    .where('printer_id', '=', printerId)
    .execute();
}

/** The printer a station prints on (null: none, undefined: no such station). */
export async function stationPrinterId(
  db: Kysely<DB>,
  factoryId: string,
  stationId: string,
): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('stations')
    .select('printer_id')
    .where('factory_id', '=', factoryId)
    .where('id', '=', stationId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? row.printer_id : undefined;
}

/** Sets the printer a station prints on (null: none). */
export async function setStationPrinter(
  trx: Kysely<DB>,
  stationId: string,
  printerId: string | null,
  at: string,
): Promise<void> {
  await trx
    .updateTable('stations')
    .set({ printer_id: printerId, updated_at: at })
    .where('id', '=', stationId)
    .execute();
}

/** The factory's auto-print rules as stored (JSON), or null. */
export async function printRulesOf(db: Kysely<DB>, factoryId: string): Promise<string | null> {
  const row = await db
    .selectFrom('settings')
    .select('print_rules')
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
  return row?.print_rules ?? null;
}
