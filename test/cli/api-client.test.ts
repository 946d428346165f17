import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, unchecked } from '../../src/cli/api-client.js';
import { ApiError, ConnectionError } from '../../src/cli/errors.js';
import { errorResponse, listResponse, startFakeApi } from './helpers/fake-api.js';
import type { FakeApi } from './helpers/fake-api.js';

const TOKEN = 'sk_live_abcdefghijklmnopqrstuvwxyz012345';
const items = Array.from({ length: 253 }, (_, index) => ({
  id: `ord_${String(index).padStart(26, '0')}`,
  n: index,
}));
const label = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 256));

let api: FakeApi;
let client: ApiClient;

beforeAll(async () => {
  api = await startFakeApi({
    'GET /v1/orders': (request) => listResponse(items, request.query),
    'GET /v1/orders/:id': (request) =>
      request.params.id === 'missing'
        ? errorResponse(404, 'not_found_error', 'not_found', 'No such order.')
        : { json: { id: request.params.id } },
    'POST /v1/orders': (request) =>
      errorResponse(409, 'conflict_error', 'order_exists', 'Order PO-1 exists.', {
        param: 'order_no',
        seen: request.headers['idempotency-key'],
      }),
    'POST /v1/orders/upload': (request) => ({
      json: {
        object: 'upload',
        received: request.body.length,
        content_type: request.headers['content-type'],
        same: request.body.equals(Buffer.from(csv)),
        dry_run: request.query.get('dry_run') === 'true',
      },
    }),
    'POST /v1/items/:barcode/void': (request) => ({
      json: {
        barcode: request.params.barcode,
        reason: (request.json as { reason: string }).reason,
      },
    }),
    'GET /v1/orders/:id/labels': () => ({
      body: label,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="labels-PO-1.pdf"',
      },
    }),
    'GET /v1/echo': (request) => ({
      json: {
        authorization: request.headers.authorization ?? null,
        accept: request.headers.accept,
        user_agent: request.headers['user-agent'],
        query: Object.fromEntries(request.query),
      },
    }),
    'GET /v1/proxy-error': () => ({ status: 502, body: '<html>Bad gateway</html>' }),
    'DELETE /v1/api-keys/:id': () => ({ status: 200 }),
  });
  client = new ApiClient({ baseUrl: api.url, token: TOKEN, userAgent: 'factory/test' });
});

afterAll(async () => {
  await client.close();
  await api.close();
});

const csv = 'order_no,retailer_code,sku,colour,qty,pieces_per_unit\n'.concat(
  Array.from({ length: 5000 }, (_, index) => `PO-${index},ACME,SOFA,Grey,1,3\n`).join(''),
);

describe('ApiClient', () => {
  it('sends the bearer token, JSON accept header and user agent, and drops empty query values', async () => {
    const answer = await client.request('GET', '/v1/echo', {
      query: { status: 'in_stock', stuck: true, retailer_id: undefined, limit: 5, x: null },
    });
    expect(answer).toEqual({
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/json',
      user_agent: 'factory/test',
      query: { status: 'in_stock', stuck: 'true', limit: '5' },
    });
  });

  it('can send no token at all (station pairing) or another token (station scans)', async () => {
    const echo = (auth: boolean | string) => client.request('GET', '/v1/echo', { auth });
    expect(await echo(false)).toMatchObject({ authorization: null });
    expect(await echo('st_live_x')).toMatchObject({
      authorization: 'Bearer st_live_x',
    });
  });

  it('keeps a path prefix of the base URL in front of /v1', async () => {
    const prefixed = new ApiClient({ baseUrl: `${api.url}/factory` });
    try {
      await expect(prefixed.request('GET', '/v1/echo')).rejects.toMatchObject({
        code: 'route_not_found',
      });
      expect(api.requests.at(-1)!.path).toBe('/factory/v1/echo');
    } finally {
      await prefixed.close();
    }
  });

  it('encodes a barcode with a space as one path segment', async () => {
    const voided = await client.post('/v1/items/{barcode}/void', {
      path: { barcode: 'FD 0000042' },
      body: { reason: 'torn' },
    });
    expect(voided).toEqual({ barcode: 'FD 0000042', reason: 'torn' });
    expect(api.requests.at(-1)!.path).toBe('/v1/items/FD%200000042/void');
    expect(api.requests.at(-1)!.headers['content-type']).toBe('application/json');
  });

  it('follows next_cursor through every page, each record once', async () => {
    const before = api.requests.length;
    const seen: string[] = [];
    for await (const item of client.paginate('/v1/orders', {}, { limit: 100 })) {
      seen.push(item.id);
    }
    expect(seen).toEqual(items.map((item) => item.id));
    const pages = api.requests.slice(before);
    expect(pages.map((request) => request.query.get('starting_after'))).toEqual([
      null,
      items[99]!.id,
      items[199]!.id,
    ]);
    expect(pages.every((request) => request.query.get('limit') === '100')).toBe(true);
  });

  it('fetches no further page than the consumer reads', async () => {
    const before = api.requests.length;
    for await (const item of client.paginate('/v1/orders', {}, { limit: 10 })) {
      if (item.id === items[4]!.id) break;
    }
    expect(api.requests.length - before).toBe(1);
  });

  it('turns the error envelope into an ApiError with every field', async () => {
    const error = await client
      .post('/v1/orders', { body: unchecked({ order_no: 'PO-1' }), idempotencyKey: 'po-1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      type: 'conflict_error',
      code: 'order_exists',
      message: 'Order PO-1 exists.',
      param: 'order_no',
    });
    expect((error as ApiError).requestId).toMatch(/^req_fake\d+$/);
    expect(api.requests.at(-1)!.headers['idempotency-key']).toBe('po-1');
  });

  it('describes an error body that is not the envelope from its status, with the request id header', async () => {
    const error = (await client
      .request('GET', '/v1/proxy-error')
      .catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.code).toBe('http_502');
    expect(error.type).toBe('api_error');
    expect(error.requestId).toMatch(/^req_fake/);
  });

  it('resolves an empty 200 body to undefined', async () => {
    await expect(client.request('DELETE', '/v1/api-keys/key_1')).resolves.toBeUndefined();
  });

  it('uploads a raw body in chunks and reports bytes sent up to the total', async () => {
    const data = Buffer.from(csv);
    const reports: Array<[number, number]> = [];
    const answer = await client.upload('/v1/orders/upload', data, {
      contentType: 'text/csv',
      query: { dry_run: true },
      onProgress: (sent, total) => reports.push([sent, total]),
    });
    expect(answer).toMatchObject({
      received: data.length,
      same: true,
      content_type: 'text/csv',
      dry_run: true,
    });
    expect(reports[0]).toEqual([0, data.length]);
    expect(reports.at(-1)).toEqual([data.length, data.length]);
    expect(reports.length).toBeGreaterThan(2);
    const sent = reports.map(([bytes]) => bytes);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
  });

  it('streams a binary download with its type, length and file name', async () => {
    const download = await client.download('/v1/orders/{id}/labels', {
      path: { id: 'ord_1' },
      query: { format: 'pdf' },
    });
    expect(download.contentType).toBe('application/pdf');
    expect(download.length).toBe(label.length);
    expect(download.filename).toBe('labels-PO-1.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of download.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(label)).toBe(true);
  });

  it('reports a download that fails as an ApiError', async () => {
    const missing = client.download('/v1/items/{barcode}/label', { path: { barcode: 'FD 1' } });
    await expect(missing).rejects.toMatchObject({
      status: 404,
      code: 'route_not_found',
    });
  });

  it('reports a refused connection as a ConnectionError', async () => {
    const closed = await unusedPort();
    const offline = new ApiClient({ baseUrl: `http://127.0.0.1:${closed}` });
    try {
      const error = await offline.get('/v1/orders').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).reason).toBe('connection refused');
    } finally {
      await offline.close();
    }
  });

  it('reports a server that never answers as a ConnectionError once the headers timeout passes', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const slow = new ApiClient({ baseUrl: `http://127.0.0.1:${port}`, headersTimeoutMs: 200 });
    try {
      const error = await slow.get('/v1/orders').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).reason).toBe('no answer within the timeout');
    } finally {
      await slow.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
