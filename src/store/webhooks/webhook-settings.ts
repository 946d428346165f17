import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

// The factory settings that concern webhooks, read from the settings table.

/** The hosts a factory's endpoint URLs must name (`webhook_allowed_hosts`); empty: any host. */
export async function webhookAllowedHosts(trx: Kysely<DB>, factoryId: string): Promise<string[]> {
  const row = await trx
    .selectFrom('settings')
    .select('webhook_allowed_hosts')
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.webhook_allowed_hosts) as string[]) : [];
}

/** Every factory's `webhook_retention_days`. */
export async function webhookRetentionDays(
  db: Kysely<DB>,
): Promise<{ factoryId: string; days: number }[]> {
  const rows = await db
    .selectFrom('settings')
    .select(['factory_id', 'webhook_retention_days'])
    .execute();
  return rows.map((r) => ({ factoryId: r.factory_id, days: r.webhook_retention_days }));
}
