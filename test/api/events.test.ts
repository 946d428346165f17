// GET /v1/events and /v1/events/{id}: the outbox as a list, newest first by keyset; a receiver
// that was down replays from it exactly what it missed. Deliveries filter by event_id.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventType } from '../../src/core/events.js';
import { transact } from '../../src/core/transaction.js';
import { WebhookDispatcher } from '../../src/daemon/webhooks/dispatcher.js';
import { ManualClock } from '../../src/domain/clock.js';
import { Receiver } from '../core/webhooks/receiver.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';

interface EventJson {
  id: string;
  object: 'event';
  type: string;
  created_at: string;
  data: unknown;
}

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ clock: new ManualClock(new Date()) });
});
afterEach(async () => {
  await t.close();
});

function emit(type: EventType, data: unknown = {}): Promise<string> {
  t.clock.advance(1);
  return transact(t.core, async (tx) => tx.emit(t.factoryId, type, data));
}

/** Every page of GET /v1/events with this query, newest first. */
async function allEvents(query: string, limit = 2): Promise<EventJson[]> {
  const events: EventJson[] = [];
  let cursor: string | null = null;
  for (;;) {
    const after: string = cursor ? `&starting_after=${cursor}` : '';
    const res = await t.request('GET', `/v1/events?limit=${limit}${query}${after}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    events.push(...(page.data as EventJson[]));
    if (!page.has_more) return events;
    cursor = page.next_cursor;
  }
}

describe('GET /v1/events', () => {
  it('lists events newest first, by keyset, filtered by type and created_after', async () => {
    const a = await emit('order.created', { n: 1 });
    const b = await emit('scan.recorded', { n: 2 });
    const mark = t.clock.now().toISOString();
    const c = await emit('order.created', { n: 3 });
    const d = await emit('order.stuck', { n: 4 });

    const res = await t.request('GET', '/v1/events?limit=3');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ object: 'list', has_more: true, next_cursor: b });
    expect(res.json().data[0]).toEqual({
      id: d,
      object: 'event',
      type: 'order.stuck',
      created_at: expect.any(String),
      data: { n: 4 },
    });
    expect((await allEvents('')).map((e) => e.id)).toEqual([d, c, b, a]);
    expect((await allEvents('&type=order.created')).map((e) => e.id)).toEqual([c, a]);
    // Inclusive: the event made at `mark` itself (b) is in.
    expect((await allEvents(`&created_after=${mark}`)).map((e) => e.id)).toEqual([d, c, b]);
    expect(
      (await allEvents(`&created_after=${mark}&type=order.created`, 1)).map((e) => e.id),
    ).toEqual([c]);

    const one = await t.request('GET', `/v1/events/${c}`);
    expect(one.json()).toMatchObject({ id: c, type: 'order.created', data: { n: 3 } });
  });

  it('refuses bad filters in the envelope, and hides other factories and test events', async () => {
    for (const query of ['type=nope', 'created_after=yesterday', 'limit=0', 'starting_after=x']) {
      const res = await t.request('GET', `/v1/events?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.type).toBe('invalid_request_error');
    }
    const mine = await emit('order.created');
    const second = await createSecondFactory(t.core);
    const other = await t.request('GET', `/v1/events/${mine}`, { token: second.apiKey });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('not_found');
    const otherList = await t.request('GET', '/v1/events', { token: second.apiKey });
    expect(otherList.json().data).toEqual([]);

    const hook = await t.request('POST', '/v1/webhooks', {
      body: { url: 'http://127.0.0.1:9/hooks', events: ['*'] },
    });
    const test = await t.request('POST', `/v1/webhooks/${hook.json().id}/test`);
    expect(test.statusCode, test.body).toBe(200);
    expect((await t.request('GET', `/v1/events/${test.json().event_id}`)).statusCode).toBe(404);
    expect((await allEvents('')).map((e) => e.id)).toEqual([mine]);
  });
});

describe('a receiver that was down', () => {
  let receiver: Receiver;
  let dispatcher: WebhookDispatcher;
  beforeEach(async () => {
    receiver = await new Receiver().listen();
    dispatcher = new WebhookDispatcher(t.core, {
      userAgent: 'factoryd-webhooks/test',
      wake: false,
    });
  });
  afterEach(async () => {
    await dispatcher.stop(0);
    await receiver.close();
  });

  it('replays from GET /v1/events exactly what it missed, and finds each one’s deliveries', async () => {
    const hook = await t.request('POST', '/v1/webhooks', {
      body: { url: `${receiver.url}/erp`, events: ['*'] },
    });
    receiver.secretFor('/erp', hook.json().secret);

    for (let n = 1; n <= 3; n++) await emit('order.created', { n });
    await dispatcher.runDue();
    expect(receiver.acknowledged).toHaveLength(3);
    const handled = receiver.acknowledged.map((r) => r.headers['webhook-id']!);
    const lastSeen = receiver.acknowledged[2]!.json.timestamp;

    // Down: every attempt fails (the receiver answers 503) while events go on.
    receiver.reply = () => ({ status: 503 });
    const missed: string[] = [];
    for (let n = 4; n <= 8; n++) {
      missed.push(await emit(n % 2 ? 'scan.recorded' : 'order.stuck', { n }));
    }
    await dispatcher.runDue();
    expect(receiver.acknowledged).toHaveLength(3);

    // Back up: page from the last event it handled (inclusive), skip what it has seen.
    const listed = await allEvents(`&created_after=${encodeURIComponent(lastSeen)}`);
    const replay = listed.reverse().filter((e) => !handled.includes(e.id));
    expect(replay.map((e) => e.id)).toEqual(missed);
    expect(replay.map((e) => (e.data as { n: number }).n)).toEqual([4, 5, 6, 7, 8]);

    // Each event's body is what its delivery would have posted.
    for (const event of replay) {
      const deliveries = await t.request('GET', `/v1/webhooks/deliveries?event_id=${event.id}`);
      expect(deliveries.statusCode, deliveries.body).toBe(200);
      const [delivery, ...more] = deliveries.json().data;
      expect(more).toEqual([]);
      expect(delivery).toMatchObject({ event_id: event.id, status: 'retrying' });
      const detail = await t.request('GET', `/v1/webhooks/deliveries/${delivery.id}`);
      expect(detail.json().payload).toEqual({
        type: event.type,
        timestamp: event.created_at,
        data: event.data,
      });
    }
  });
});
