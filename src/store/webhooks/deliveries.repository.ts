import type { Kysely } from 'kysely';
import { insertRows } from '../insert-rows.js';
import { newestFirst, type PageParams } from '../pagination.js';
import type { Bool, DB, WebhookDeliveryTable } from '../schema.js';

/** A delivery's row: one event to one endpoint, its attempts so far and its next one. */
export type DeliveryRow = WebhookDeliveryTable;

export type DeliveryStatus = DeliveryRow['status'];

export interface DeliveryFilters extends PageParams {
  endpoint_id?: string | undefined;
  status?: DeliveryStatus | undefined;
  event_type?: string | undefined;
  event_id?: string | undefined;
}

/** A delivery with its event's data and instant: what the body it sends is made of. */
export interface DeliveryWithEvent extends DeliveryRow {
  event_data: string;
  event_created_at: string;
}

/** A delivery with whether its endpoint is enabled, or deleted. */
export interface DeliveryWithEndpoint extends DeliveryRow {
  endpoint_enabled: Bool;
  endpoint_deleted_at: string | null;
}

/**
 * Writes deliveries in multi-row statements, in order (insert-rows.ts); `turn` is called between
 * statements.
 */
export function insertDeliveries(
  trx: Kysely<DB>,
  deliveries: readonly DeliveryRow[],
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  return insertRows(trx, 'webhook_deliveries', deliveries, turn);
}

export async function insertDelivery(trx: Kysely<DB>, delivery: DeliveryRow): Promise<void> {
  await trx.insertInto('webhook_deliveries').values(delivery).execute();
}

/** A page of a factory's deliveries, newest first, filtered (`toPage` makes the page). */
export function listDeliveries(
  db: Kysely<DB>,
  factoryId: string,
  filters: DeliveryFilters,
): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .$if(filters.endpoint_id !== undefined, (qb) =>
      qb.where('endpoint_id', '=', filters.endpoint_id!),
    )
    .$if(filters.status !== undefined, (qb) => qb.where('status', '=', filters.status!))
    .$if(filters.event_type !== undefined, (qb) => qb.where('event_type', '=', filters.event_type!))
    .$if(filters.event_id !== undefined, (qb) => qb.where('event_id', '=', filters.event_id!))
    .$call(newestFirst(filters))
    .execute();
}

export function findDelivery(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findDeliveryWithEvent(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<DeliveryWithEvent | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select(['e.data as event_data', 'e.created_at as event_created_at'])
    .where('d.factory_id', '=', factoryId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export function findDeliveryWithEndpoint(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<DeliveryWithEndpoint | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .selectAll('d')
    .select(['e.enabled as endpoint_enabled', 'e.deleted_at as endpoint_deleted_at'])
    .where('d.factory_id', '=', factoryId)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Makes a delivery due at `nowIso` with this status (a retry asked for). */
export async function makeDeliveryDue(
  trx: Kysely<DB>,
  id: string,
  status: DeliveryStatus,
  nowIso: string,
): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    .set({ status, next_attempt_at: nowIso, updated_at: nowIso })
    .where('id', '=', id)
    .execute();
}

/**
 * Ends every delivery of an endpoint still waiting for an attempt: status `failed`, no next
 * attempt, `error` saying why. Returns how many.
 */
export async function failQueuedDeliveries(
  trx: Kysely<DB>,
  endpointId: string,
  error: string,
  nowIso: string,
): Promise<number> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, error, updated_at: nowIso })
    .where('endpoint_id', '=', endpointId)
    .where('next_attempt_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Deletes up to `limit` of a factory's finished deliveries (nothing more to attempt) made before
 * the id `beforeId`; returns how many.
 */
export async function deleteFinishedDeliveriesBefore(
  trx: Kysely<DB>,
  input: { factoryId: string; beforeId: string; limit: number },
): Promise<number> {
  const r = await trx
    .deleteFrom('webhook_deliveries')
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('factory_id', '=', input.factoryId)
        .where('id', '<', input.beforeId)
        .where('next_attempt_at', 'is', null)
        .limit(input.limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export interface BulkRetryFilter {
  endpointId?: string | undefined;
  status: DeliveryStatus;
  /** Deliveries made at or after this instant. */
  since: string;
  /** …and before this one, when given. */
  until?: string | undefined;
}

/**
 * Makes every delivery the filter selects due now, as `retryDelivery` does one by one (`retrying`
 * once attempted, else `pending`); only deliveries of enabled endpoints. Returns how many.
 */
export async function makeDeliveriesDue(
  trx: Kysely<DB>,
  factoryId: string,
  filter: BulkRetryFilter,
  nowIso: string,
): Promise<number> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: eb
        .case()
        .when('attempts', '>', 0)
        .then('retrying' as DeliveryStatus)
        .else('pending' as DeliveryStatus)
        .end(),
      next_attempt_at: nowIso,
      updated_at: nowIso,
    }))
    .where('factory_id', '=', factoryId)
    .where('status', '=', filter.status)
    .where('created_at', '>=', filter.since)
    .$if(filter.until !== undefined, (qb) => qb.where('created_at', '<', filter.until!))
    .$if(filter.endpointId !== undefined, (qb) => qb.where('endpoint_id', '=', filter.endpointId!))
    .where('endpoint_id', 'in', (eb) =>
      eb
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('factory_id', '=', factoryId)
        .where('enabled', '=', 1)
        .where('deleted_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
