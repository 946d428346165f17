import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/**
 * The address people open this factory's pages at, when the setting `public_url` is set (a
 * proxy's name); null when links should be built from the address a request came in on.
 */
export async function publicUrlOf(db: Kysely<DB>, factoryId: string): Promise<string | null> {
  const row = await db
    .selectFrom('settings')
    .select('public_url')
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
  return row?.public_url ?? null;
}
