import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import pino from 'pino';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_LIMITS } from '../../src/api/connections.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import {
  answerIn,
  exchange as exchangeWith,
  expectEnvelope,
  type Answer,
} from '../helpers/raw-http.js';

/**
 * The server's own answers before and around the routes, on a real listening server with raw
 * sockets: timeouts, the connection cap, what the HTTP parser and the router refuse, and a
 * stopping server. Every answer is the error envelope with a request id; the limits are short
 * here so the tests do not wait for the real ones.
 */
const limits = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 1_500,
  keepAliveTimeoutMs: 1_000,
  maxConnections: 8,
  maxConnectionsPerAddress: 8,
  reservedConnections: 0,
  checkIntervalMs: 100,
};

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await makeTestApp({ app: { connections: limits } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

const exchange = (talk: (socket: Socket) => void, timeoutMs?: number) =>
  exchangeWith(port, talk, timeoutMs);

describe('what the HTTP parser refuses', () => {
  it('a NUL byte in a header: 400 malformed_request, and the connection is closed', async () => {
    const res = await exchange((s) =>
      s.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Station: line\u00001\r\n\r\n`),
    );
    expect(res.closed).toBe(true);
    const answer = answerIn(res.text);
    expectEnvelope(answer, 400, 'malformed_request');
    expect(answer.body.error.message).toContain('a header name or value holds a character');
    expect(answer.headers.connection).toBe('close');
  });

  it('headers over 16 KiB: 431 headers_too_large', async () => {
    const res = await exchange((s) =>
      s.write(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expectEnvelope(answerIn(res.text), 431, 'headers_too_large');
  });

  it('not HTTP at all: 400 malformed_request', async () => {
    const res = await exchange((s) => s.write('HELLO factoryd\r\n\r\n'));
    expectEnvelope(answerIn(res.text), 400, 'malformed_request');
  });
});

describe('what the router refuses', () => {
  it('a path parameter over 100 characters: 414 path_too_long', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/v1/orders/${'A'.repeat(101)}`, {
      headers: { authorization: `Bearer ${t.apiKey}` },
    });
    const answer = {
      status: res.status,
      headers: Object.fromEntries(res.headers),
      body: await res.json(),
    } as Answer;
    expectEnvelope(answer, 414, 'path_too_long');
    expect(answer.body.error.type).toBe('invalid_request_error');
    expect(answer.body.error.message).toContain('over 100 characters');
  });

  it('a malformed percent-encoding: 400 invalid_url', async () => {
    const res = await exchange((s) =>
      s.write('GET /v1/orders/PO-%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    const answer = answerIn(res.text);
    expectEnvelope(answer, 400, 'invalid_url');
    expect(answer.body.error.message).toContain('"/v1/orders/PO-%E0%A4%A"');
  });
});

describe('timeouts', () => {
  it('a connection that sends nothing gets 408 request_timeout and is closed', async () => {
    const res = await exchange(() => {});
    expect(res.closed).toBe(true);
    expectEnvelope(answerIn(res.text), 408, 'request_timeout');
    expect(res.ms).toBeGreaterThanOrEqual(limits.headersTimeoutMs - 50);
  });

  it('headers that trickle in: 408', async () => {
    const res = await exchange((s) => {
      s.write('GET /healthz HTTP/1.1\r\n');
      const timer = setInterval(() => s.writable && s.write('X-A: b\r\n'), 100);
      s.on('close', () => clearInterval(timer));
    });
    expect(res.closed).toBe(true);
    expectEnvelope(answerIn(res.text), 408, 'request_timeout');
  });

  it('a body at one byte every 200 ms is cut at the request timeout: 408, closed', async () => {
    const res = await exchange((s) => {
      s.write(
        'POST /v1/retailers HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n' +
          `authorization: Bearer ${t.apiKey}\r\ncontent-length: 1000\r\n\r\n{`,
      );
      const timer = setInterval(() => s.writable && s.write(' '), 200);
      s.on('close', () => clearInterval(timer));
    });
    expect(res.closed).toBe(true);
    expectEnvelope(answerIn(res.text), 408, 'request_timeout');
    expect(res.ms).toBeGreaterThanOrEqual(limits.requestTimeoutMs - 50);
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout, and says so', async () => {
    const res = await exchange((s) => s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(res.closed).toBe(true);
    const answer = answerIn(res.text);
    expect(answer.status).toBe(200);
    expect(answer.headers['keep-alive']).toBe('timeout=1');
    expect(res.ms).toBeGreaterThanOrEqual(limits.keepAliveTimeoutMs - 50);
  });
});

describe('the connection cap', () => {
  it('closes connections beyond the cap as they arrive; a freed slot serves again', async () => {
    const held: Socket[] = [];
    try {
      for (let i = 0; i < limits.maxConnections; i++) {
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => {});
        await new Promise((r) => socket.once('connect', r));
        held.push(socket);
      }
      // The server has counted them all before the next one arrives.
      const deadline = Date.now() + 5_000;
      const count = () => new Promise<number>((r) => t.app.server.getConnections((_e, n) => r(n)));
      while ((await count()) < limits.maxConnections) {
        if (Date.now() > deadline) throw new Error('the server never saw every connection');
        await new Promise((r) => setTimeout(r, 10));
      }
      const refused = await exchange(
        (s) => s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'),
        3_000,
      );
      expect(refused).toMatchObject({ closed: true, text: '' });

      held.pop()!.destroy();
      while ((await count()) >= limits.maxConnections) await new Promise((r) => setTimeout(r, 10));
      const served = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(served.status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});

describe('connections per client address (loopback addresses 127.0.0.2, .3 … as clients)', () => {
  // Small limits: 6 per address, 16 in all, the last 4 of them for addresses holding none.
  const perAddress = { maxConnections: 16, maxConnectionsPerAddress: 6, reservedConnections: 4 };
  let s: TestApp;
  let sPort: number;
  const logged: Record<string, unknown>[] = [];
  const held: Socket[] = [];
  beforeAll(async () => {
    const logger = pino(
      { level: 'warn' },
      { write: (l: string) => void logged.push(JSON.parse(l)) },
    );
    s = await makeTestApp({
      app: { logger, connections: { ...perAddress, reserveBelow: 1 } },
    });
    await s.app.listen({ host: '0.0.0.0', port: 0 });
    sPort = (s.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await s.close();
  });

  /** Opens a connection from `from`; resolves whether the server kept it past a moment. */
  const hold = async (from: string): Promise<boolean> => {
    const socket = connect({ port: sPort, host: '127.0.0.1', localAddress: from });
    socket.on('error', () => {});
    await new Promise((r) => socket.once('connect', r));
    const closed = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 150);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!closed) held.push(socket);
    return !closed;
  };
  const request = (
    from: string,
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: sPort,
          path,
          localAddress: from,
          agent: false,
          method: init.method ?? 'GET',
          headers: init.headers ?? {},
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });

  it('closes the connection over an address’s cap, logs it once, and serves other addresses', async () => {
    for (let i = 0; i < 6; i++) expect(await hold('127.0.0.2')).toBe(true);
    expect(await hold('127.0.0.2')).toBe(false);
    expect(await hold('127.0.0.2')).toBe(false);
    const lines = logged.filter((l) => l.address === '127.0.0.2');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ connections: 6, msg: expect.stringContaining('its cap') });

    // Another address is served: health, readiness, and a station's scan.
    expect(await request('127.0.0.3', '/readyz')).toBe(200);
    const issued = await s.request('POST', '/v1/stations/pairing-codes', {
      body: { name: 'Line 1', role: 'produce' },
    });
    const paired = await s.request('POST', '/v1/stations/pair', {
      token: null,
      body: { code: issued.json().code },
    });
    const body = JSON.stringify({ barcode: 'FD 0000099' });
    const scan = await request('127.0.0.3', '/v1/scans', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${paired.json().token}`,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    });
    expect(scan).toBe(200);
  });

  it('keeps the last connections for addresses that hold few', async () => {
    // 6 (from .2, above) + 6 from .4 = 12: the 4 left are the reserve.
    for (let i = 0; i < 6; i++) expect(await hold('127.0.0.4')).toBe(true);
    // .5 takes one reserved connection; its second is refused (it holds one already)…
    expect(await hold('127.0.0.5')).toBe(true);
    expect(await hold('127.0.0.5')).toBe(false);
    expect(logged.some((l) => l.address === '127.0.0.5' && /reserve/.test(String(l.msg)))).toBe(
      true,
    );
    // … and an address holding none still gets in, for a readiness check.
    expect(await request('127.0.0.6', '/readyz')).toBe(200);
  });
});

describe('the real limits', () => {
  it('are those docs/install.md states', async () => {
    const doc = (await import('node:fs')).readFileSync(
      join(import.meta.dirname, '..', '..', 'docs', 'install.md'),
      'utf8',
    );
    const section = doc.slice(doc.indexOf('## Connections'));
    expect(section).toContain(`| headers | ${CONNECTION_LIMITS.headersTimeoutMs / 1000} s |`);
    expect(section).toContain(`| whole request | ${CONNECTION_LIMITS.requestTimeoutMs / 1000} s |`);
    expect(section).toContain(
      `| idle during a request | ${CONNECTION_LIMITS.idleTimeoutMs / 1000} s |`,
    );
    expect(section).toContain(`| keep-alive | ${CONNECTION_LIMITS.keepAliveTimeoutMs / 1000} s |`);
    expect(section).toContain(
      `| connections | ${CONNECTION_LIMITS.maxConnections.toLocaleString('en')} |`,
    );
    expect(section).toContain(
      `| connections per address | ${CONNECTION_LIMITS.maxConnectionsPerAddress} |`,
    );
    expect(section).toContain(
      `| reserve | the last ${CONNECTION_LIMITS.reservedConnections} | ` +
        `For addresses holding fewer than ${CONNECTION_LIMITS.reserveBelow}:`,
    );
  });
});

describe('a stopping server', () => {
  it('finishes the request in flight and answers the next one 503 shutting_down', async () => {
    const s = await makeTestApp({ app: { connections: limits } });
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    const { port: stoppingPort } = s.app.server.address() as { port: number };
    try {
      const socket = connect(stoppingPort, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d.toString('latin1')));
      await new Promise((r) => socket.once('connect', r));
      // The first request is under way (its body half sent) when the server is told to stop.
      const body = JSON.stringify({ name: 'Late', code: 'LATE' });
      const received = new Promise((r) => s.app.server.once('request', r));
      socket.write(
        'POST /v1/retailers HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n' +
          `authorization: Bearer ${s.apiKey}\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await received;
      const closed = s.app.close();
      // Stopped listening: the server is past its pre-close hooks.
      const deadline = Date.now() + 5_000;
      while (s.app.server.listening) {
        if (Date.now() > deadline) throw new Error('the server kept listening');
        await new Promise((r) => setTimeout(r, 10));
      }
      socket.write(`${body.slice(5)}GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
      await closed;
      await new Promise((r) => (socket.closed ? r(null) : socket.once('close', r)));
      const [first, second] = text.split(/(?=HTTP\/1\.1 )/);
      expect(answerIn(first!).status).toBe(200);
      const refused = answerIn(second!);
      expectEnvelope(refused, 503, 'shutting_down');
      expect(refused.headers['retry-after']).toBe('1');
    } finally {
      await s.close();
    }
  });
});
