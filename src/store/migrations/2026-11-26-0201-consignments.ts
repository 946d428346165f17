import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Dispatch (DESIGN §15): consignments, their handling units, and where scans and stations load.
 *
 * - `consignments`: one shipment to one retailer; `number` is a per-factory counter shown as
 *   `CN 000001`; `close_reason` keeps why a close was forced past the unit check.
 * - `handling_units`: a consignment's pallets and cages, each with its SSCC (18 digits), unique
 *   in the factory; `serial` is the SSCC's serial reference, a per-factory counter.
 * - `scans.consignment_id`, `scans.handling_unit_id`: what an accepted dispatch scan loaded into.
 *   Indexed only where set, so a scan that loads nothing pays no index write.
 * - `stations.consignment_id`, `stations.handling_unit_id`: what a dispatch station loads now.
 * - `settings.gs1_company_prefix`: the factory's GS1 company prefix, null = restricted
 *   circulation (`04…`, valid inside the company only).
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  const int = 'integer' as const;
  await db.schema
    .createTable('consignments')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('number', int, (c) => c.notNull())
    .addColumn('retailer_id', text, (c) => c.notNull().references('retailers.id'))
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('reference', text)
    .addColumn('carrier', text)
    .addColumn('vehicle', text)
    .addColumn('notes', text)
    .addColumn('close_reason', text)
    .addColumn('closed_at', text)
    .addColumn('cancelled_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('consignments_factory_number')
    .on('consignments')
    .columns(['factory_id', 'number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('consignments_factory_status')
    .on('consignments')
    .columns(['factory_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('consignments_factory_retailer')
    .on('consignments')
    .columns(['factory_id', 'retailer_id', 'id'])
    .execute();

  await db.schema
    .createTable('handling_units')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('consignment_id', text, (c) => c.notNull().references('consignments.id'))
    .addColumn('serial', int, (c) => c.notNull())
    .addColumn('sscc', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('handling_units_factory_sscc')
    .on('handling_units')
    .columns(['factory_id', 'sscc'])
    .unique()
    .execute();
  await db.schema
    .createIndex('handling_units_consignment')
    .on('handling_units')
    .columns(['consignment_id', 'id'])
    .execute();

  await db.schema.alterTable('scans').addColumn('consignment_id', text).execute();
  await db.schema.alterTable('scans').addColumn('handling_unit_id', text).execute();
  await db.schema
    .createIndex('scans_consignment')
    .on('scans')
    .columns(['consignment_id', 'id'])
    .where('consignment_id', 'is not', null)
    .execute();
  await db.schema.alterTable('stations').addColumn('consignment_id', text).execute();
  await db.schema.alterTable('stations').addColumn('handling_unit_id', text).execute();
  await db.schema.alterTable('settings').addColumn('gs1_company_prefix', text).execute();
}
