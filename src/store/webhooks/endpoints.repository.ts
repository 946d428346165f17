import type { Kysely } from 'kysely';
import type { PageParams } from '../pagination.js';
import { newestFirst } from '../pagination.js';
import { PreparedQuery, type Param } from '../prepared-query.js';
import type { DB, WebhookEndpointTable } from '../schema.js';

/** A webhook endpoint's row. `events` is a JSON array of event types, or `["*"]`. */
export type EndpointRow = WebhookEndpointTable;

/** What a PATCH may change on an endpoint's row. */
export type EndpointChanges = Partial<Omit<EndpointRow, 'id' | 'factory_id'>>;

/** An enabled endpoint, as the outbox fans an event out to it. */
export interface SubscribedEndpoint {
  id: string;
  /** The event types it subscribes to (or "*"). */
  events: readonly string[];
}

/** A factory's endpoint (not deleted) by id; undefined when there is none. */
export function findEndpoint(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A page of a factory's endpoints (not deleted), newest first (`toPage` makes the page). */
export function listEndpoints(
  db: Kysely<DB>,
  factoryId: string,
  params: PageParams,
): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('deleted_at', 'is', null)
    .$call(newestFirst(params))
    .execute();
}

export async function insertEndpoint(trx: Kysely<DB>, row: EndpointRow): Promise<void> {
  await trx.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(
  trx: Kysely<DB>,
  id: string,
  changes: EndpointChanges,
): Promise<void> {
  await trx.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
}

/**
 * Marks an endpoint deleted: disabled, its secret wiped. The row stays while deliveries refer to
 * it (`deleteUnreferencedEndpoints`).
 */
export async function markEndpointDeleted(
  trx: Kysely<DB>,
  id: string,
  nowIso: string,
): Promise<void> {
  await updateEndpoint(trx, id, { enabled: 0, secret: '', deleted_at: nowIso, updated_at: nowIso });
}

/** Disables an endpoint if it is enabled; true when it was. */
export async function disableEndpointRow(
  trx: Kysely<DB>,
  id: string,
  reason: string,
  nowIso: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: reason, updated_at: nowIso })
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// Every scan appends an event: the endpoint lookup is prepared once.
const enabledEndpoints = new PreparedQuery((db, p: Param<{ factoryId: string }>) =>
  db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('factory_id', '=', p('factoryId'))
    .where('enabled', '=', 1),
);

/** A factory's enabled endpoints with the event types each subscribes to. */
export async function enabledEndpointsOf(
  trx: Kysely<DB>,
  factoryId: string,
): Promise<SubscribedEndpoint[]> {
  const rows = await enabledEndpoints.all(trx, { factoryId });
  return rows.map((row) => ({ id: row.id, events: JSON.parse(row.events) as string[] }));
}

/** Whether an endpoint is enabled and since when it has failed, as a run of failures needs. */
export interface EndpointRun {
  id: string;
  enabled: boolean;
  failingSince: string | null;
}

/** The failure runs of these endpoints (those that still exist). */
export async function endpointRuns(
  trx: Kysely<DB>,
  ids: readonly string[],
): Promise<EndpointRun[]> {
  const runs: EndpointRun[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'enabled', 'failing_since'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      runs.push({ id: row.id, enabled: row.enabled === 1, failingSince: row.failing_since });
    }
  }
  return runs;
}

/** Starts (an instant) or ends (null) an endpoint's run of failures. */
export async function setFailingSince(
  trx: Kysely<DB>,
  id: string,
  failingSince: string | null,
): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({ failing_since: failingSince })
    .where('id', '=', id)
    .execute();
}

/** Deletes up to `limit` deleted endpoints no delivery refers to any more; returns how many. */
export async function deleteUnreferencedEndpoints(trx: Kysely<DB>, limit: number): Promise<number> {
  const r = await trx
    .deleteFrom('webhook_endpoints')
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('webhook_endpoints as w')
        .select('w.id')
        .where('w.deleted_at', 'is not', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('webhook_deliveries as d')
                .select('d.id')
                .whereRef('d.endpoint_id', '=', 'w.id'),
            ),
          ),
        )
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
