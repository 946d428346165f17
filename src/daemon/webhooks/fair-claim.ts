import type { Transaction } from 'kysely';
import type { DB } from '../../store/schema.js';
import {
  endpointsWithDue,
  lease,
  selectDue,
  type ClaimedDelivery,
} from '../../store/webhooks/delivery-queue.js';
import type { EndpointSlots } from './endpoint-slots.js';

/**
 * Claims due deliveries a fair share per endpoint: each endpoint up to what it may still claim,
 * the first pick rotating between endpoints from one claim to the next, so a backlog on one
 * endpoint does not keep the others waiting. What is claimed is leased (delivery-queue.ts): on
 * PostgreSQL the rows are locked FOR UPDATE SKIP LOCKED while claimed, so several factoryd on
 * one database never take the same delivery.
 */
export class FairClaimer {
  readonly #leaseMs: number;
  /** Which endpoint picks first at the next claim. */
  #turn = 0;

  constructor(leaseMs: number) {
    this.#leaseMs = leaseMs;
  }

  /**
   * Takes up to `limit` due deliveries inside `trx` and leases them. Finding fewer calls
   * `exhausted` at once (before the lease is written, so a kick arriving meanwhile wins): nothing
   * more to take until something changes — a kick, or a slot of an endpoint that had all it may
   * claim. Looking again before that would only cost a transaction.
   */
  async claim(
    trx: Transaction<DB>,
    now: Date,
    limit: number,
    slots: EndpointSlots,
    exhausted: () => void,
  ): Promise<ClaimedDelivery[]> {
    const nowIso = now.toISOString();
    const endpoints = await endpointsWithDue(trx, nowIso);
    const first = endpoints.length > 0 ? this.#turn++ % endpoints.length : 0;
    const claimed: ClaimedDelivery[] = [];
    for (let i = 0; i < endpoints.length && claimed.length < limit; i++) {
      const endpointId = endpoints[(first + i) % endpoints.length]!;
      const room = slots.claimRoom(endpointId);
      if (room <= 0) {
        slots.markCapped(endpointId); // its next completion looks again
        continue;
      }
      const rows = await selectDue(trx, {
        endpointId,
        nowIso,
        limit: Math.min(room, limit - claimed.length),
      });
      // It took all it may hold: more may be due, for its next completion to look for.
      if (rows.length >= room) slots.markCapped(endpointId);
      // Already ours: its lease ran out while it waited for a slot.
      for (const row of rows) if (!slots.isClaimed(row.id)) claimed.push(row);
    }
    if (claimed.length < limit) exhausted();
    if (claimed.length > 0) {
      const until = new Date(now.getTime() + this.#leaseMs).toISOString();
      await lease(
        trx,
        claimed.map((d) => d.id),
        until,
      );
    }
    return claimed;
  }
}
