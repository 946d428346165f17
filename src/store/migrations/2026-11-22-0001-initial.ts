import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/** The first schema. Frozen: later changes are new migrations. */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The same types on SQLite as when this migration shipped; PostgreSQL's forms: dialect.ts.
  const { text, real } = columnTypes(db);
  const int = 'integer' as const;

  await db.schema
    .createTable('factories')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('company', text, (c) => c.notNull())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('legal_name', text, (c) => c.notNull())
    .addColumn('label_prefix', text, (c) => c.notNull())
    .addColumn('company_number', text)
    .addColumn('vat_number', text)
    .addColumn('industry', text)
    .addColumn('address_line1', text)
    .addColumn('address_line2', text)
    .addColumn('address_town', text)
    .addColumn('address_postcode', text)
    .addColumn('address_country', text)
    .addColumn('factory_same_as_registered', int)
    .addColumn('billing_email', text)
    .addColumn('phone', text)
    .addColumn('po_number', text)
    .addColumn('job_title', text)
    .addColumn('mobile', text)
    .addColumn('terms_accepted', int)
    .addColumn('terms_accepted_at', text)
    .addColumn('barcode_serial', int, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('factory_id', text, (c) => c.primaryKey().references('factories.id'))
    .addColumn('stuck_after_days', int, (c) => c.notNull())
    .addColumn('timezone', text, (c) => c.notNull())
    .addColumn('station_app_scheme', text, (c) => c.notNull())
    .addColumn('session_ttl_hours', int, (c) => c.notNull())
    .addColumn('label_size', text, (c) => c.notNull())
    .addColumn('default_dpi', int, (c) => c.notNull())
    .addColumn('webhook_retention_days', int, (c) => c.notNull())
    .addColumn('webhook_allowed_hosts', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('token_hash', text, (c) => c.notNull().unique())
    .addColumn('last4', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('last_used_at', text)
    .addColumn('revoked_at', text)
    .execute();
  await db.schema
    .createIndex('api_keys_factory')
    .on('api_keys')
    .columns(['factory_id', 'id'])
    .execute();

  await db.schema
    .createTable('staff_users')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('email', text, (c) => c.notNull().unique())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('role', text, (c) => c.notNull())
    .addColumn('password_hash', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addColumn('disabled_at', text)
    .execute();
  await db.schema
    .createIndex('staff_users_factory')
    .on('staff_users')
    .columns(['factory_id', 'id'])
    .execute();

  await db.schema
    .createTable('retailers')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('code', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('retailers_factory_code', ['factory_id', 'code'])
    .execute();
  await db.schema
    .createIndex('retailers_factory')
    .on('retailers')
    .columns(['factory_id', 'id'])
    .execute();

  await db.schema
    .createTable('retailer_users')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('retailer_id', text, (c) => c.notNull().references('retailers.id'))
    .addColumn('email', text, (c) => c.notNull())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('role', text, (c) => c.notNull())
    .addColumn('password_hash', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('retailer_users_retailer_email', ['retailer_id', 'email'])
    .execute();
  await db.schema
    .createIndex('retailer_users_email')
    .on('retailer_users')
    .column('email')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('token_hash', text, (c) => c.notNull().unique())
    .addColumn('staff_user_id', text, (c) => c.references('staff_users.id'))
    .addColumn('retailer_user_id', text, (c) => c.references('retailer_users.id'))
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('revoked_at', text)
    .execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('retailer_id', text, (c) => c.notNull().references('retailers.id'))
    .addColumn('order_no', text, (c) => c.notNull())
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('source', text, (c) => c.notNull())
    .addColumn('production_date', text)
    .addColumn('needed_by', text)
    .addColumn('items', text, (c) => c.notNull())
    .addColumn('pieces_total', int, (c) => c.notNull())
    .addColumn('pieces_scanned', int, (c) => c.notNull().defaultTo(0))
    .addColumn('pieces_in_stock', int, (c) => c.notNull().defaultTo(0))
    .addColumn('pieces_dispatched', int, (c) => c.notNull().defaultTo(0))
    .addColumn('piece_states', text, (c) => c.notNull())
    .addColumn('produced_at', text)
    .addColumn('in_stock_at', text)
    .addColumn('dispatched_at', text)
    .addColumn('cancelled_at', text)
    .addColumn('stuck', int, (c) => c.notNull().defaultTo(0))
    .addColumn('stuck_since', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('orders_retailer_order_no', ['factory_id', 'retailer_id', 'order_no'])
    .execute();
  await db.schema
    .createIndex('orders_factory')
    .on('orders')
    .columns(['factory_id', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_factory_status')
    .on('orders')
    .columns(['factory_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_factory_retailer')
    .on('orders')
    .columns(['factory_id', 'retailer_id', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_factory_stuck')
    .on('orders')
    .columns(['factory_id', 'stuck', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_factory_order_no')
    .on('orders')
    .columns(['factory_id', 'order_no'])
    .execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('order_id', text, (c) => c.notNull().references('orders.id'))
    .addColumn('line_no', int, (c) => c.notNull())
    .addColumn('sku', text, (c) => c.notNull())
    .addColumn('colour', text)
    .addColumn('qty', int, (c) => c.notNull())
    .addColumn('pieces_per_unit', int, (c) => c.notNull())
    .addColumn('piece_names', text)
    .addUniqueConstraint('order_lines_order_line', ['order_id', 'line_no'])
    .execute();

  await db.schema
    .createTable('pieces')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('order_id', text, (c) => c.notNull().references('orders.id'))
    .addColumn('line_no', int, (c) => c.notNull())
    .addColumn('unit_no', int, (c) => c.notNull())
    .addColumn('piece_no', int, (c) => c.notNull())
    .addColumn('piece_name', text)
    .addColumn('barcode', text, (c) => c.notNull())
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('location', text)
    .addColumn('scanned', int, (c) => c.notNull().defaultTo(0))
    .addColumn('produced_at', text)
    .addColumn('in_stock_at', text)
    .addColumn('dispatched_at', text)
    .addColumn('label_printed_at', text)
    .addColumn('updated_at', text, (c) => c.notNull())
    .addUniqueConstraint('pieces_factory_barcode', ['factory_id', 'barcode'])
    .execute();
  await db.schema
    .createIndex('pieces_order')
    .on('pieces')
    .columns(['order_id', 'unit_no', 'piece_no'])
    .execute();

  await db.schema
    .createTable('voided_labels')
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('barcode', text, (c) => c.notNull())
    .addColumn('piece_id', text, (c) => c.notNull().references('pieces.id'))
    .addColumn('order_id', text, (c) => c.notNull().references('orders.id'))
    .addColumn('reason', text)
    .addColumn('voided_at', text, (c) => c.notNull())
    .addColumn('replacement_barcode', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('voided_labels_pk', ['factory_id', 'barcode'])
    .execute();

  await db.schema
    .createTable('stations')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('role', text, (c) => c.notNull())
    .addColumn('token_hash', text, (c) => c.notNull().unique())
    .addColumn('default_location', text)
    .addColumn('hardware', text)
    .addColumn('paired_at', text, (c) => c.notNull())
    .addColumn('last_scan_at', text)
    .addColumn('revoked_at', text)
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stations_factory')
    .on('stations')
    .columns(['factory_id', 'id'])
    .execute();

  await db.schema
    .createTable('pairing_codes')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('code_hash', text, (c) => c.notNull().unique())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('role', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('used_at', text)
    .addColumn('station_id', text, (c) => c.references('stations.id'))
    .execute();
  await db.schema
    .createIndex('pairing_codes_expires')
    .on('pairing_codes')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('hardware_checks')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('station_id', text, (c) => c.notNull().references('stations.id'))
    .addColumn('scanner_label', text)
    .addColumn('input_mode', text, (c) => c.notNull())
    .addColumn('suffix', text, (c) => c.notNull())
    .addColumn('avg_char_ms', real)
    .addColumn('code128_ok', int)
    .addColumn('qr_ok', int)
    .addColumn('layout_ok', int)
    .addColumn('passed', int, (c) => c.notNull())
    .addColumn('notes', text)
    .addColumn('checked_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('hardware_checks_station')
    .on('hardware_checks')
    .columns(['station_id', 'id'])
    .execute();

  await db.schema
    .createTable('scans')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('station_id', text, (c) => c.notNull().references('stations.id'))
    .addColumn('station_name', text, (c) => c.notNull())
    .addColumn('event', text, (c) => c.notNull())
    .addColumn('barcode', text, (c) => c.notNull())
    .addColumn('piece_id', text, (c) => c.references('pieces.id'))
    .addColumn('order_id', text, (c) => c.references('orders.id'))
    .addColumn('accepted', int, (c) => c.notNull())
    .addColumn('reason', text)
    .addColumn('location', text)
    .addColumn('test_label', int, (c) => c.notNull().defaultTo(0))
    .addColumn('client_scan_id', text)
    .addColumn('scanned_at', text)
    .addColumn('at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scans_order').on('scans').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('scans_station').on('scans').columns(['station_id', 'id']).execute();
  await db.schema
    .createIndex('scans_station_client_id')
    .on('scans')
    .columns(['station_id', 'client_scan_id'])
    .unique()
    .where('client_scan_id', 'is not', null)
    .execute();

  await db.schema
    .createTable('returns')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('piece_id', text, (c) => c.notNull().references('pieces.id'))
    .addColumn('order_id', text, (c) => c.notNull().references('orders.id'))
    .addColumn('barcode', text, (c) => c.notNull())
    .addColumn('reason', text)
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('location', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addColumn('closed_at', text)
    .execute();
  await db.schema
    .createIndex('returns_factory')
    .on('returns')
    .columns(['factory_id', 'id'])
    .execute();
  await db.schema
    .createIndex('returns_factory_status')
    .on('returns')
    .columns(['factory_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('returns_piece').on('returns').column('piece_id').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('type', text, (c) => c.notNull())
    .addColumn('data', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('events_factory')
    .on('events')
    .columns(['factory_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('url', text, (c) => c.notNull())
    .addColumn('events', text, (c) => c.notNull())
    .addColumn('description', text)
    .addColumn('secret', text, (c) => c.notNull())
    .addColumn('enabled', int, (c) => c.notNull())
    .addColumn('disabled_reason', text)
    .addColumn('failing_since', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_endpoints_factory')
    .on('webhook_endpoints')
    .columns(['factory_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('endpoint_id', text, (c) => c.notNull().references('webhook_endpoints.id'))
    .addColumn('event_id', text, (c) => c.notNull().references('events.id'))
    .addColumn('event_type', text, (c) => c.notNull())
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('attempts', int, (c) => c.notNull().defaultTo(0))
    .addColumn('response_status', int)
    .addColumn('response_ms', int)
    .addColumn('error', text)
    .addColumn('next_attempt_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_factory')
    .on('webhook_deliveries')
    .columns(['factory_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('key', text, (c) => c.notNull())
    .addColumn('request_hash', text, (c) => c.notNull())
    .addColumn('state', text, (c) => c.notNull())
    .addColumn('response_status', int)
    .addColumn('response_body', text)
    .addColumn('response_type', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['factory_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}
