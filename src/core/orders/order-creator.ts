import type { Kysely } from 'kysely';
import { creatorName } from '../../store/orders/order-writes.js';
import type { DB } from '../../store/schema.js';
import type { Principal } from '../auth/principal.js';
import type { OrderCreator } from './order-view.js';

/** Who creates an order: a staff user or an API key of the factory, by id. */
export interface CreatorRef {
  type: OrderCreator['type'];
  id: string;
}

/** The creator a caller stands for; null for callers that cannot create orders. */
export function creatorRefOf(principal: Principal): CreatorRef | null {
  if (principal.kind === 'staff') return { type: 'staff', id: principal.staffUserId };
  if (principal.kind === 'api_key') return { type: 'api_key', id: principal.apiKeyId };
  return null;
}

/**
 * The creator with its name as it is now, kept with the order (`orders.created_by`): one read,
 * made once per push or upload, never per order. Null when there is none to name.
 */
export async function resolveCreator(
  db: Kysely<DB>,
  factoryId: string,
  ref: CreatorRef | null,
): Promise<OrderCreator | null> {
  if (ref === null) return null;
  const name = await creatorName(db, factoryId, ref);
  return name === undefined ? null : { type: ref.type, id: ref.id, name };
}
