import type { ClaimedDelivery } from '../../core/webhooks/delivery-queue.js';

export interface SlotLimits {
  /** Requests in flight at once, all endpoints together. */
  maxInFlight: number;
  /** Requests in flight at once to one endpoint. */
  maxInFlightPerEndpoint: number;
  /** Deliveries claimed ahead (in flight or waiting for a slot) for one endpoint. */
  maxClaimedPerEndpoint: number;
}

/**
 * The dispatcher's count of what it holds: deliveries claimed (waiting for a slot, or in flight)
 * and requests in flight, in total and per endpoint. Waiting deliveries queue per endpoint;
 * endpoints take turns in the order they first had something waiting, so one busy endpoint does
 * not starve the others. Memory only: the database keeps the queue itself (delivery-queue.ts).
 */
export class EndpointSlots {
  readonly #limits: SlotLimits;
  /** Claimed, not started yet, per endpoint (insertion order gives a fair turn). */
  readonly #waiting = new Map<string, ClaimedDelivery[]>();
  /** Claimed deliveries (waiting or in flight) by id, and counts per endpoint. */
  readonly #claimed = new Set<string>();
  readonly #claimedPerEndpoint = new Map<string, number>();
  readonly #inFlightPerEndpoint = new Map<string, number>();
  /**
   * Endpoints a claim left with all they may hold. Marked by the claim itself, not derived from
   * the counts when an attempt ends: an attempt may end while a claim for its endpoint is still
   * being written, before that claim's deliveries are counted here.
   */
  readonly #capped = new Set<string>();
  #inFlight = 0;

  constructor(limits: SlotLimits) {
    this.#limits = limits;
  }

  /** Deliveries claimed and not finished (waiting or in flight). */
  get claimed(): number {
    return this.#claimed.size;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  isClaimed(deliveryId: string): boolean {
    return this.#claimed.has(deliveryId);
  }

  /** How many more of an endpoint's deliveries may be claimed now. */
  claimRoom(endpointId: string): number {
    return this.#limits.maxClaimedPerEndpoint - count(this.#claimedPerEndpoint, endpointId);
  }

  /** A claim stopped short at this endpoint's bound: its further due deliveries wait. */
  markCapped(endpointId: string): void {
    this.#capped.add(endpointId);
  }

  /** A delivery just claimed: it waits for a slot. */
  add(delivery: ClaimedDelivery): void {
    this.#claimed.add(delivery.id);
    bump(this.#claimedPerEndpoint, delivery.endpointId, +1);
    const list = this.#waiting.get(delivery.endpointId);
    if (list) list.push(delivery);
    else this.#waiting.set(delivery.endpointId, [delivery]);
  }

  /** An endpoint was disabled: its waiting deliveries were failed in the database; forget them. */
  dropWaiting(endpointId: string): void {
    this.#capped.delete(endpointId);
    const list = this.#waiting.get(endpointId);
    if (!list) return;
    this.#waiting.delete(endpointId);
    for (const delivery of list) this.#release(delivery);
  }

  /** Every waiting delivery, forgotten (they were never sent): for a stop. */
  takeAllWaiting(): ClaimedDelivery[] {
    const all = [...this.#waiting.values()].flat();
    this.#waiting.clear();
    for (const delivery of all) this.#release(delivery);
    return all;
  }

  /**
   * The waiting deliveries that may start now, each counted in flight: one endpoint after the
   * other, one delivery each per round, within the total and per-endpoint bounds.
   */
  startNow(): ClaimedDelivery[] {
    const { maxInFlight, maxInFlightPerEndpoint } = this.#limits;
    const started: ClaimedDelivery[] = [];
    let progressed = true;
    while (progressed && this.#inFlight < maxInFlight) {
      progressed = false;
      for (const [endpointId, list] of this.#waiting) {
        if (this.#inFlight >= maxInFlight) break;
        const busy = count(this.#inFlightPerEndpoint, endpointId);
        if (busy >= maxInFlightPerEndpoint) continue;
        const delivery = list.shift()!;
        if (list.length === 0) this.#waiting.delete(endpointId);
        this.#inFlight += 1;
        bump(this.#inFlightPerEndpoint, endpointId, +1);
        progressed = true;
        started.push(delivery);
      }
    }
    return started;
  }

  /**
   * A started delivery's attempt ended: its slot and claim are free. True when the last claim
   * left its endpoint with all it may hold, so its further due deliveries may now be claimed.
   */
  finish(delivery: ClaimedDelivery): boolean {
    this.#inFlight -= 1;
    bump(this.#inFlightPerEndpoint, delivery.endpointId, -1);
    const wasFull = this.#capped.delete(delivery.endpointId);
    this.#release(delivery);
    return wasFull;
  }

  #release(delivery: ClaimedDelivery): void {
    this.#claimed.delete(delivery.id);
    bump(this.#claimedPerEndpoint, delivery.endpointId, -1);
  }
}

const count = (counts: Map<string, number>, key: string): number => counts.get(key) ?? 0;

/** Adds `by` to a count, dropping it at zero so the maps hold only endpoints in use. */
function bump(counts: Map<string, number>, key: string, by: number): void {
  const n = count(counts, key) + by;
  if (n > 0) counts.set(key, n);
  else counts.delete(key);
}
