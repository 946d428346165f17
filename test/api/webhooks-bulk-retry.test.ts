import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transact } from '../../src/core/transaction.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';

/**
 * POST /v1/webhook-deliveries/retry: the failed deliveries of a window (an outage of the
 * receiver), of one endpoint or all, made due again in one call; what it selects is exactly what
 * the database then holds as due.
 */

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

async function endpoint(path: string): Promise<string> {
  const res = await t.request('POST', '/v1/webhooks', {
    body: { url: `http://127.0.0.1:9000/${path}`, events: ['*'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

/** One event (one delivery per endpoint), at the clock's time. */
async function emit(): Promise<void> {
  t.clock.advance(60_000);
  await transact(t.core, async (tx) => tx.emit(t.factoryId, 'order.created', {}));
}

/** Every delivery so far fails (its sender gave up); attempts as given. */
async function failAll(attempts = 8): Promise<void> {
  await t.sql
    .prepare(
      `update webhook_deliveries set status = 'failed', attempts = ?, error = 'HTTP 503',
         next_attempt_at = null where status = 'pending'`,
    )
    .run(attempts);
}

const retry = (body: Record<string, unknown>) =>
  t.request('POST', '/v1/webhook-deliveries/retry', { body });

async function statuses(): Promise<Record<string, number>> {
  const rows = (await t.sql
    .prepare(
      `select status || ':' || (case when next_attempt_at is null then 'idle' else 'due' end) as s,
         count(*) as n from webhook_deliveries group by 1 order by 1`,
    )
    .all()) as { s: string; n: number | string }[];
  return Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
}

describe('POST /v1/webhook-deliveries/retry', () => {
  it('retries the failed deliveries of a window, of one endpoint or of all', async () => {
    const erp = await endpoint('erp');
    const wms = await endpoint('wms');
    await emit(); // before the outage
    const outageStart = new Date(t.clock.now().getTime() + 30_000).toISOString();
    await emit();
    await emit();
    await emit();
    const outageEnd = new Date(t.clock.now().getTime() + 30_000).toISOString();
    await emit(); // after it
    await failAll();
    expect(await statuses()).toEqual({ 'failed:idle': 10 });
    t.clock.advance(60_000);
    const signalled = t.signals.events;

    // The ERP's three of the outage: retrying (they were attempted), due now.
    const one = await retry({ endpoint_id: erp, since: outageStart, until: outageEnd });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ object: 'webhook_delivery_retry', retried: 3 });
    expect(t.signals.events).toBe(signalled + 1);
    const due = (await t.sql
      .prepare(
        "select endpoint_id, next_attempt_at from webhook_deliveries where status = 'retrying'",
      )
      .all()) as { endpoint_id: string; next_attempt_at: string }[];
    expect(due).toHaveLength(3);
    expect(due.every((d) => d.endpoint_id === erp)).toBe(true);
    expect(due.every((d) => d.next_attempt_at === t.clock.now().toISOString())).toBe(true);

    // Every endpoint's from the outage on: the WMS's four (the ERP's are no longer failed) and
    // the ERP's one after the outage.
    const all = await retry({ since: outageStart });
    expect(all.json()).toEqual({ object: 'webhook_delivery_retry', retried: 5 });
    expect(await statuses()).toEqual({ 'failed:idle': 2, 'retrying:due': 8 });
    // The list shows them as the API's filters do.
    const listed = await t.request(
      'GET',
      `/v1/webhooks/deliveries?status=failed&endpoint_id=${wms}`,
    );
    expect(listed.json().data).toHaveLength(1);

    // Nothing left in the window: zero, and no signal.
    const signalledAfter = t.signals.events;
    expect((await retry({ since: outageStart })).json().retried).toBe(0);
    expect(t.signals.events).toBe(signalledAfter);
  });

  it('leaves disabled endpoints alone and keeps never-attempted deliveries pending', async () => {
    const on = await endpoint('on');
    const off = await endpoint('off');
    const since = t.clock.now().toISOString();
    await emit();
    await failAll(0);
    await t.request('PATCH', `/v1/webhooks/${off}`, { body: { enabled: false } });
    const res = await retry({ since });
    expect(res.json().retried).toBe(1);
    const rows = (await t.sql
      .prepare('select endpoint_id, status from webhook_deliveries order by endpoint_id')
      .all()) as { endpoint_id: string; status: string }[];
    expect(Object.fromEntries(rows.map((r) => [r.endpoint_id, r.status]))).toEqual({
      [on]: 'pending',
      [off]: 'failed',
    });
    const refused = await retry({ endpoint_id: off, since });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('endpoint_disabled');
  });

  it('refuses a window that is not one, an unknown endpoint, and another factory’s', async () => {
    const since = t.clock.now().toISOString();
    for (const [body, param] of [
      [{}, 'since'],
      [{ since: 'yesterday' }, 'since'],
      [{ since, until: since }, 'until'],
      [{ since, status: 'succeeded' }, 'status'],
    ] as const) {
      const res = await retry(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.param, JSON.stringify(body)).toBe(param);
    }
    const mine = await endpoint('mine');
    const other = await createSecondFactory(t.core);
    const theirs = await t.request('POST', '/v1/webhook-deliveries/retry', {
      token: other.apiKey,
      body: { endpoint_id: mine, since },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await retry({ endpoint_id: 'whe_nope', since })).statusCode).toBe(404);
  });
});
