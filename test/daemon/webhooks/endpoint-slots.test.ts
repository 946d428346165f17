import { describe, expect, it } from 'vitest';
import type { ClaimedDelivery } from '../../../src/core/webhooks/delivery-queue.js';
import { EndpointSlots } from '../../../src/daemon/webhooks/endpoint-slots.js';

const limits = { maxInFlight: 16, maxInFlightPerEndpoint: 4, maxClaimedPerEndpoint: 4 };

function deliveries(endpointId: string, count: number, from = 0): ClaimedDelivery[] {
  return Array.from(
    { length: count },
    (_, i) => ({ id: `${endpointId}-${from + i}`, endpointId }) as ClaimedDelivery,
  );
}

describe('endpoint slots', () => {
  it('an attempt ending while a claim for its endpoint is being written still opens the endpoint', () => {
    const slots = new EndpointSlots(limits);
    for (const d of deliveries('e1', 2)) slots.add(d);
    const [first] = slots.startNow();
    // A claim looks: e1 may take 2 more, takes both, so it is left with all it may hold…
    expect(slots.claimRoom('e1')).toBe(2);
    slots.markCapped('e1');
    // …and before that claim's deliveries are counted here, an attempt of e1 ends.
    expect(slots.finish(first!)).toBe(true);
    for (const d of deliveries('e1', 2, 2)) slots.add(d);
    expect(slots.claimRoom('e1')).toBe(1);
  });

  it('an endpoint a claim did not fill is not reopened by its attempts', () => {
    const slots = new EndpointSlots(limits);
    for (const d of deliveries('e1', 2)) slots.add(d);
    const started = slots.startNow();
    expect(started).toHaveLength(2);
    expect(slots.finish(started[0]!)).toBe(false);
    // Marked once, reopened once: the next claim marks it again if it fills it again.
    slots.markCapped('e1');
    expect(slots.finish(started[1]!)).toBe(true);
    expect(slots.claimed).toBe(0);
  });

  it('forgets a disabled endpoint with its waiting deliveries', () => {
    const slots = new EndpointSlots(limits);
    for (const d of deliveries('e1', 4)) slots.add(d);
    slots.markCapped('e1');
    slots.dropWaiting('e1');
    expect(slots.claimed).toBe(0);
    expect(slots.claimRoom('e1')).toBe(4);
    for (const d of deliveries('e1', 1, 10)) slots.add(d);
    const [again] = slots.startNow();
    expect(slots.finish(again!)).toBe(false);
  });
});
