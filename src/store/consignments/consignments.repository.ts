import type { Kysely, Transaction } from 'kysely';
import type { PieceStatus } from '../../domain/order-status.js';
import type { PageParams } from '../pagination.js';
import type { ConsignmentStatus, ConsignmentTable, DB, HandlingUnitTable } from '../schema.js';

// Consignments (DESIGN §15): one shipment to one retailer, its handling units, and what its
// dispatch scans loaded. A piece is loaded on a consignment when an accepted scan says so
// (`scans.consignment_id`): the scan ledger is the one record, nothing else counts loads.

/** A consignment with its retailer's name and code. */
export type ConsignmentRow = ConsignmentTable & { retailer_name: string; retailer_code: string };

function selectConsignments(db: Kysely<DB>) {
  return db
    .selectFrom('consignments')
    .innerJoin('retailers', 'retailers.id', 'consignments.retailer_id')
    .selectAll('consignments')
    .select(['retailers.name as retailer_name', 'retailers.code as retailer_code']);
}

/** The factory's next consignment number (writes serialize, and the number is unique). */
export async function nextConsignmentNumber(
  trx: Transaction<DB>,
  factoryId: string,
): Promise<number> {
  const row = await trx
    .selectFrom('consignments')
    .select((eb) => eb.fn.max('number').as('last'))
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertConsignment(
  trx: Transaction<DB>,
  row: ConsignmentTable,
): Promise<void> {
  await trx.insertInto('consignments').values(row).execute();
}

export function consignmentOf(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<ConsignmentRow | undefined> {
  return selectConsignments(db)
    .where('consignments.factory_id', '=', factoryId)
    .where('consignments.id', '=', id)
    .executeTakeFirst();
}

export function consignmentByNumber(
  db: Kysely<DB>,
  factoryId: string,
  number: number,
): Promise<ConsignmentRow | undefined> {
  return selectConsignments(db)
    .where('consignments.factory_id', '=', factoryId)
    .where('consignments.number', '=', number)
    .executeTakeFirst();
}

export interface ConsignmentFilters {
  status?: ConsignmentStatus | undefined;
  retailer_id?: string | undefined;
}

/** A page of the factory's consignments, newest first (keyset on id). */
export function listConsignments(
  db: Kysely<DB>,
  factoryId: string,
  filters: ConsignmentFilters,
  params: PageParams,
): Promise<ConsignmentRow[]> {
  let query = selectConsignments(db).where('consignments.factory_id', '=', factoryId);
  if (filters.status !== undefined) query = query.where('consignments.status', '=', filters.status);
  if (filters.retailer_id !== undefined) {
    query = query.where('consignments.retailer_id', '=', filters.retailer_id);
  }
  const after = params.starting_after;
  if (after !== undefined) query = query.where('consignments.id', '<', after);
  return query
    .orderBy('consignments.id', 'desc')
    .limit(params.limit + 1)
    .execute();
}

export async function updateConsignment(
  trx: Transaction<DB>,
  factoryId: string,
  id: string,
  set: Partial<
    Pick<ConsignmentTable, 'status' | 'close_reason' | 'closed_at' | 'cancelled_at' | 'updated_at'>
  >,
): Promise<void> {
  await trx
    .updateTable('consignments')
    .set(set)
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .execute();
}

/** A piece loaded on a consignment: the first accepted scan that loaded it. */
export interface LoadedPiece {
  piece_id: string;
  order_id: string;
  handling_unit_id: string | null;
  at: string;
}

/** What each of these consignments loaded, oldest scan first. */
export async function loadedPieces(
  db: Kysely<DB>,
  factoryId: string,
  consignmentIds: readonly string[],
): Promise<Array<LoadedPiece & { consignment_id: string }>> {
  if (consignmentIds.length === 0) return [];
  const rows = await db
    .selectFrom('scans')
    .select(['consignment_id', 'piece_id', 'order_id', 'handling_unit_id', 'at'])
    .where('factory_id', '=', factoryId)
    .where('consignment_id', 'in', consignmentIds)
    .where('accepted', '=', 1)
    .where('piece_id', 'is not', null)
    .orderBy('id')
    .execute();
  return rows as Array<LoadedPiece & { consignment_id: string }>;
}

/** A piece of an order on a consignment, as the consignment shows it. */
export interface ConsignmentPieceRow {
  id: string;
  order_id: string;
  order_no: string;
  order_status: string;
  line_no: number;
  unit_no: number;
  piece_no: number;
  piece_name: string | null;
  barcode: string;
  status: PieceStatus;
  sku: string;
  colour: string | null;
}

/** Every piece of these orders, in order then unit then piece order. */
export function piecesOfOrders(
  db: Kysely<DB>,
  factoryId: string,
  orderIds: readonly string[],
): Promise<ConsignmentPieceRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('pieces as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .innerJoin('order_lines as l', (join) =>
      join.onRef('l.order_id', '=', 'p.order_id').onRef('l.line_no', '=', 'p.line_no'),
    )
    .select([
      'p.id',
      'p.order_id',
      'o.order_no',
      'o.status as order_status',
      'p.line_no',
      'p.unit_no',
      'p.piece_no',
      'p.piece_name',
      'p.barcode',
      'p.status',
      'l.sku',
      'l.colour',
    ])
    .where('p.factory_id', '=', factoryId)
    .where('p.order_id', 'in', orderIds)
    .orderBy('o.order_no')
    .orderBy('p.order_id')
    .orderBy('p.unit_no')
    .orderBy('p.piece_no')
    .execute();
}

// Handling units.

export async function nextHandlingUnitSerial(
  trx: Transaction<DB>,
  factoryId: string,
): Promise<number> {
  const row = await trx
    .selectFrom('handling_units')
    .select((eb) => eb.fn.max('serial').as('last'))
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

export async function insertHandlingUnit(
  trx: Transaction<DB>,
  row: HandlingUnitTable,
): Promise<void> {
  await trx.insertInto('handling_units').values(row).execute();
}

export function handlingUnitsOf(
  db: Kysely<DB>,
  factoryId: string,
  consignmentId: string,
): Promise<HandlingUnitTable[]> {
  return db
    .selectFrom('handling_units')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('consignment_id', '=', consignmentId)
    .orderBy('id')
    .execute();
}

export function handlingUnitBySscc(
  db: Kysely<DB>,
  factoryId: string,
  sscc: string,
): Promise<HandlingUnitTable | undefined> {
  return db
    .selectFrom('handling_units')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('sscc', '=', sscc)
    .executeTakeFirst();
}

// What a station loads.

/** Sets what a station loads into; false when the factory has no such station (or it is revoked). */
export async function setStationLoad(
  trx: Transaction<DB>,
  factoryId: string,
  stationId: string,
  load: { consignment_id: string | null; handling_unit_id: string | null; updated_at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('stations')
    .set(load)
    .where('factory_id', '=', factoryId)
    .where('id', '=', stationId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The stations loading into a consignment (their pointer is cleared when it is cancelled). */
export async function clearStationsLoading(
  trx: Transaction<DB>,
  factoryId: string,
  consignmentId: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('stations')
    .set({ consignment_id: null, handling_unit_id: null, updated_at: at })
    .where('factory_id', '=', factoryId)
    .where('consignment_id', '=', consignmentId)
    .execute();
}

/** The gs1_company_prefix setting. */
export async function gs1CompanyPrefixOf(
  db: Kysely<DB>,
  factoryId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('settings')
    .select('gs1_company_prefix')
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
  return row?.gs1_company_prefix ?? null;
}

/** The factory's name and address, and a retailer's name (for the delivery note). */
export async function deliveryNoteParties(
  db: Kysely<DB>,
  factoryId: string,
): Promise<{
  company: string;
  legal_name: string;
  address: (string | null)[];
  phone: string | null;
  vat_number: string | null;
}> {
  const f = await db
    .selectFrom('factories')
    .selectAll()
    .where('id', '=', factoryId)
    .executeTakeFirstOrThrow();
  return {
    company: f.company,
    legal_name: f.legal_name,
    address: [
      f.address_line1,
      f.address_line2,
      f.address_town,
      f.address_postcode,
      f.address_country,
    ],
    phone: f.phone,
    vat_number: f.vat_number,
  };
}

/** What a station loads into: its consignment and pallet (with its SSCC); undefined: no such station. */
export function stationLoadOf(
  db: Kysely<DB>,
  factoryId: string,
  stationId: string,
): Promise<
  | { consignment_id: string | null; handling_unit_id: string | null; sscc: string | null }
  | undefined
> {
  return db
    .selectFrom('stations as st')
    .leftJoin('handling_units as hu', 'hu.id', 'st.handling_unit_id')
    .select(['st.consignment_id', 'st.handling_unit_id', 'hu.sscc'])
    .where('st.factory_id', '=', factoryId)
    .where('st.id', '=', stationId)
    .executeTakeFirst();
}
