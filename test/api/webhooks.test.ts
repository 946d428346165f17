import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_TYPES, type EventType } from '../../src/core/events.js';
import { transact } from '../../src/core/transaction.js';
import { makeTestApp, createSecondFactory, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const create = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  t.request('POST', '/v1/webhooks', { body, ...(headers ? { headers } : {}) });

async function createOk(body: Record<string, unknown> = {}) {
  const res = await create({ url: 'http://127.0.0.1:9000/hooks', events: ['*'], ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function emit(type: EventType, data: unknown = {}): Promise<string> {
  t.clock.advance(1);
  return transact(t.core, async (tx) => tx.emit(t.factoryId, type, data));
}

function expectError(
  res: { statusCode: number; json(): { error: { code: string; param?: string } } },
  status: number,
  code: string,
  param?: string,
) {
  expect(res.statusCode).toBe(status);
  expect(res.json().error.code).toBe(code);
  if (param !== undefined) expect(res.json().error.param).toBe(param);
}

describe('POST /v1/webhooks', () => {
  it('registers an endpoint and shows its signing secret once', async () => {
    const res = await create({
      url: 'https://hooks.example.com/factory',
      events: ['order.created', 'scan.recorded', 'order.created'],
      description: '  ERP sync ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^whe_[0-9A-Z]{26}$/),
      object: 'webhook_endpoint',
      url: 'https://hooks.example.com/factory',
      events: ['order.created', 'scan.recorded'],
      description: 'ERP sync',
      enabled: true,
      disabled_reason: null,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/),
    });
    expect(Buffer.from(body.secret.slice(6), 'base64')).toHaveLength(24);

    const got = await t.request('GET', `/v1/webhooks/${body.id}`);
    expect(got.statusCode).toBe(200);
    const { secret: _secret, ...view } = body;
    expect(got.json()).toEqual(view);
    const list = await t.request('GET', '/v1/webhooks');
    expect(list.body).not.toContain(body.secret);
    expect(list.json().data).toEqual([view]);
  });

  it('accepts loopback and private addresses (receivers live on the factory network)', async () => {
    for (const url of [
      'http://localhost:8080/x',
      'http://10.0.0.7/hook',
      'http://[::1]:9000/',
      'http://192.168.1.20/',
    ]) {
      expect((await create({ url, events: ['*'] })).statusCode, url).toBe(200);
    }
  });

  it('refuses bad URLs with a reason', async () => {
    const cases: [string, string][] = [
      ['ftp://example.com/x', 'http or https'],
      ['https://user:pass@example.com/x', 'user name or password'],
      ['https://user@example.com/x', 'user name or password'],
      ['not a url', 'absolute'],
      [`https://example.com/${'a'.repeat(2048)}`, ''],
    ];
    for (const [url, message] of cases) {
      const res = await create({ url, events: ['*'] });
      expectError(res, 400, 'validation_failed', 'url');
      expect(res.json().error.message).toContain(message);
    }
  });

  it('validates event types: known types, or "*" alone', async () => {
    expectError(
      await create({ url: 'http://a.example/', events: [] }),
      400,
      'validation_failed',
      'events',
    );
    expectError(
      await create({ url: 'http://a.example/', events: ['order.shipped'] }),
      400,
      'validation_failed',
      'events.0',
    );
    expectError(
      await create({ url: 'http://a.example/', events: ['*', 'order.created'] }),
      400,
      'validation_failed',
      'events',
    );
    expectError(
      await create({ url: 'http://a.example/', events: ['*'], secret: 'x' }),
      400,
      'validation_failed',
      'secret',
    );
    const all = await createOk({ events: [...EVENT_TYPES] });
    expect(all.events).toEqual([...EVENT_TYPES]);
  });

  it('checks the host against webhook_allowed_hosts when that is set', async () => {
    const patched = await t.request('PATCH', '/v1/settings', {
      body: {
        webhook_allowed_hosts: [
          'hooks.example.com',
          '*.corp.example',
          '10.20.0.0/16',
          'fd00:20::/32',
        ],
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    for (const url of [
      'https://hooks.example.com/a',
      'https://HOOKS.example.com/b',
      'https://erp.corp.example/c',
      'http://10.20.3.4:8080/d',
      'http://[fd00:20::5]:8080/e',
    ]) {
      expect((await create({ url, events: ['*'] })).statusCode, url).toBe(200);
    }
    for (const url of [
      'https://evil.example.com/',
      'https://corp.example/',
      'https://hooks.example.com.evil.io/',
      'http://10.21.0.1/',
      'http://127.0.0.1/',
      'http://[fd00:21::5]/',
    ]) {
      expectError(await create({ url, events: ['*'] }), 400, 'webhook_host_not_allowed', 'url');
    }
  });

  it('honours Idempotency-Key: a replay answers the same endpoint and secret', async () => {
    const body = { url: 'http://127.0.0.1:9000/x', events: ['*'] };
    const first = await create(body, { 'idempotency-key': 'whk-1' });
    const again = await create(body, { 'idempotency-key': 'whk-1' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await t.request('GET', '/v1/webhooks')).json().data).toHaveLength(1);
  });
});

describe('GET, PATCH and DELETE /v1/webhooks/:id', () => {
  it('pages through endpoints newest first, each once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1);
      ids.push((await createOk()).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.request(
        'GET',
        `/v1/webhooks?limit=2${cursor ? `&starting_after=${cursor}` : ''}`,
      );
      seen.push(...res.json().data.map((e: { id: string }) => e.id));
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('changes url, events and description; null clears the description', async () => {
    const { id } = await createOk({ description: 'old' });
    t.clock.advance(1000);
    const res = await t.request('PATCH', `/v1/webhooks/${id}`, {
      body: { url: 'https://new.example/hook', events: ['order.stuck'], description: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      url: 'https://new.example/hook',
      events: ['order.stuck'],
      description: null,
      updated_at: t.clock.now().toISOString(),
    });
    expectError(
      await t.request('PATCH', `/v1/webhooks/${id}`, { body: {} }),
      400,
      'validation_failed',
    );
    expectError(
      await t.request('PATCH', `/v1/webhooks/${id}`, { body: { url: 'http://u:p@x.example/' } }),
      400,
      'validation_failed',
      'url',
    );
  });

  it('disabling fails queued deliveries; enabling clears the reason and the failure run', async () => {
    const { id } = await createOk();
    await emit('order.created');
    const off = await t.request('PATCH', `/v1/webhooks/${id}`, { body: { enabled: false } });
    expect(off.json()).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    const [delivery] = (await t.request('GET', '/v1/webhooks/deliveries')).json().data;
    expect(delivery).toMatchObject({
      status: 'failed',
      next_attempt_at: null,
      error: 'endpoint disabled',
    });

    // Nothing new is queued while disabled.
    await emit('order.created');
    expect((await t.request('GET', '/v1/webhooks/deliveries')).json().data).toHaveLength(1);

    await t.sql
      .prepare('update webhook_endpoints set failing_since = ? where id = ?')
      .run('2026-01-01T00:00:00.000Z', id);
    const on = await t.request('PATCH', `/v1/webhooks/${id}`, { body: { enabled: true } });
    expect(on.json()).toMatchObject({ enabled: true, disabled_reason: null });
    const row = await t.sql
      .prepare('select failing_since from webhook_endpoints where id = ?')
      .get(id);
    expect(row).toEqual({ failing_since: null });
  });

  it('deleting removes the endpoint from the API, keeps its delivery history and fails what was queued', async () => {
    const { id, secret } = await createOk();
    await emit('order.created');
    const res = await t.request('DELETE', `/v1/webhooks/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, object: 'webhook_endpoint', deleted: true });
    expect((await t.request('GET', `/v1/webhooks/${id}`)).statusCode).toBe(404);
    expect((await t.request('DELETE', `/v1/webhooks/${id}`)).statusCode).toBe(404);
    expect(
      (await t.request('PATCH', `/v1/webhooks/${id}`, { body: { enabled: true } })).statusCode,
    ).toBe(404);
    expect((await t.request('GET', '/v1/webhooks')).json().data).toEqual([]);

    const [delivery] = (await t.request('GET', `/v1/webhooks/deliveries?endpoint_id=${id}`)).json()
      .data;
    expect(delivery).toMatchObject({
      endpoint_id: id,
      status: 'failed',
      error: 'endpoint deleted',
    });
    expectError(
      await t.request('POST', `/v1/webhooks/deliveries/${delivery.id}/retry`),
      409,
      'endpoint_disabled',
    );
    // The secret is gone from the database.
    expect(
      JSON.stringify(await t.sql.prepare('select * from webhook_endpoints').all()),
    ).not.toContain(secret);
  });

  it("another factory's endpoints and deliveries are not found", async () => {
    const { id } = await createOk();
    await emit('order.created');
    const other = await createSecondFactory(t.core);
    const as = { token: other.apiKey };
    expect((await t.request('GET', `/v1/webhooks/${id}`, as)).statusCode).toBe(404);
    expect(
      (await t.request('PATCH', `/v1/webhooks/${id}`, { ...as, body: { enabled: false } }))
        .statusCode,
    ).toBe(404);
    expect((await t.request('DELETE', `/v1/webhooks/${id}`, as)).statusCode).toBe(404);
    expect((await t.request('GET', '/v1/webhooks', as)).json().data).toEqual([]);
    expect((await t.request('GET', '/v1/webhooks/deliveries', as)).json().data).toEqual([]);
    const [delivery] = (await t.request('GET', '/v1/webhooks/deliveries')).json().data;
    expect(
      (await t.request('POST', `/v1/webhooks/deliveries/${delivery.id}/retry`, as)).statusCode,
    ).toBe(404);
  });
});

describe('GET /v1/webhooks/deliveries', () => {
  it('lists deliveries newest first with their fields, filtered and paged', async () => {
    const a = await createOk({ url: 'http://127.0.0.1:9000/a' });
    const b = await createOk({ url: 'http://127.0.0.1:9000/b', events: ['scan.recorded'] });
    const e1 = await emit('order.created', { n: 1 });
    const e2 = await emit('scan.recorded', { n: 2 });
    const e3 = await emit('scan.recorded', { n: 3 });

    const all = (await t.request('GET', '/v1/webhooks/deliveries')).json();
    expect(all.object).toBe('list');
    expect(all.data.map((d: { event_id: string }) => d.event_id)).toEqual([e3, e3, e2, e2, e1]);
    const pairs = all.data.map(
      (d: { event_id: string; endpoint_id: string }) => `${d.event_id}>${d.endpoint_id}`,
    );
    expect(new Set(pairs)).toEqual(
      new Set([
        `${e3}>${a.id}`,
        `${e3}>${b.id}`,
        `${e2}>${a.id}`,
        `${e2}>${b.id}`,
        `${e1}>${a.id}`,
      ]),
    );
    expect(all.data[0]).toEqual({
      id: expect.stringMatching(/^dlv_[0-9A-Z]{26}$/),
      object: 'webhook_delivery',
      endpoint_id: expect.any(String),
      event_id: e3,
      event_type: 'scan.recorded',
      status: 'pending',
      attempts: 0,
      response_status: null,
      response_ms: null,
      error: null,
      next_attempt_at: t.clock.now().toISOString(),
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });

    const q = async (query: string) =>
      (await t.request('GET', `/v1/webhooks/deliveries?${query}`))
        .json()
        .data.map((d: { event_id: string }) => d.event_id);
    expect(await q(`endpoint_id=${b.id}`)).toEqual([e3, e2]);
    expect(await q('event_type=order.created')).toEqual([e1]);
    expect(await q('status=pending&event_type=scan.recorded')).toHaveLength(4);
    expect(await q('status=failed')).toEqual([]);

    const page1 = (await t.request('GET', '/v1/webhooks/deliveries?limit=3')).json();
    expect(page1.has_more).toBe(true);
    const page2 = (
      await t.request('GET', `/v1/webhooks/deliveries?limit=3&starting_after=${page1.next_cursor}`)
    ).json();
    expect(page2.has_more).toBe(false);
    expect([...page1.data, ...page2.data].map((d: { id: string }) => d.id)).toEqual(
      all.data.map((d: { id: string }) => d.id),
    );

    expectError(
      await t.request('GET', '/v1/webhooks/deliveries?status=lost'),
      400,
      'validation_failed',
      'status',
    );
    expectError(
      await t.request('GET', '/v1/webhooks/deliveries?event_type=x.y'),
      400,
      'validation_failed',
      'event_type',
    );
  });
});

describe('POST /v1/webhooks/deliveries/:id/retry', () => {
  it('makes a delivery due now, keeps its attempts, and tells the dispatcher', async () => {
    const { id: endpointId } = await createOk();
    await emit('order.created');
    const [delivery] = (await t.request('GET', '/v1/webhooks/deliveries')).json().data;
    await t.sql
      .prepare(
        "update webhook_deliveries set status = 'failed', attempts = 8, response_status = 500, error = 'HTTP 500', next_attempt_at = null where id = ?",
      )
      .run(delivery.id);
    t.clock.advance(60_000);
    const signalled = t.signals.events;

    const res = await t.request('POST', `/v1/webhooks/deliveries/${delivery.id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: delivery.id,
      status: 'retrying',
      attempts: 8,
      response_status: 500,
      error: 'HTTP 500',
      next_attempt_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    expect(t.signals.events).toBe(signalled + 1);

    await t.request('PATCH', `/v1/webhooks/${endpointId}`, { body: { enabled: false } });
    expectError(
      await t.request('POST', `/v1/webhooks/deliveries/${delivery.id}/retry`),
      409,
      'endpoint_disabled',
    );
    expectError(
      await t.request('POST', '/v1/webhooks/deliveries/dlv_nope/retry'),
      404,
      'not_found',
    );
  });

  it('a never-attempted delivery stays pending', async () => {
    await createOk();
    await emit('order.created');
    const [delivery] = (await t.request('GET', '/v1/webhooks/deliveries')).json().data;
    const res = await t.request('POST', `/v1/webhooks/deliveries/${delivery.id}/retry`);
    expect(res.json()).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
