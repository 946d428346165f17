import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, type Actor } from '../../src/api/permissions.js';
import { openSession } from '../../src/core/sessions/sessions.js';
import { transact } from '../../src/core/transaction.js';
import { HOUR } from '../../src/domain/clock.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

/**
 * The permission matrix: every route the app registers, called by every kind of caller, must
 * answer as the one declared table (src/api/permissions.ts) says — and docs/permissions.md shows
 * that same table.
 */

type Caller = Actor | 'none';
const ACTORS: readonly Actor[] = ['api_key', 'admin', 'supervisor', 'retailer', 'station', 'board'];
const CALLERS: readonly Caller[] = [...ACTORS, 'none'];
const PASSWORD = 'matrix password 1';

let t: TestApp;
/** `METHOD /path` of every route buildApp registered (HEAD twins of GET routes left out). */
const registered: string[] = [];
const tokens = {} as Record<Actor, string>;
const ids = {} as { staff: Record<'admin' | 'supervisor', string>; retailerUser: string };

const onInit = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
    }
  });
};

beforeAll(async () => {
  subscribe('fastify.initialization', onInit);
  try {
    t = await makeTestApp();
  } finally {
    unsubscribe('fastify.initialization', onInit);
  }
  tokens.api_key = t.apiKey;
  ids.staff = {} as Record<'admin' | 'supervisor', string>;
  for (const role of ['admin', 'supervisor'] as const) {
    const email = `${role}@factory.test`;
    const user = await t.request('POST', '/v1/staff', {
      body: { email, name: role, role, password: PASSWORD },
    });
    ids.staff[role] = user.json().id;
    const login = await t.request('POST', '/v1/auth/login', {
      token: null,
      body: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    tokens[role] = login.json().token;
  }
  const retailer = await t.request('POST', '/v1/retailers', {
    body: { name: 'Shop', code: 'SHOP' },
  });
  const user = await t.request('POST', `/v1/retailers/${retailer.json().id}/users`, {
    body: { email: 'bea@shop.test', name: 'Bea', role: 'owner', password: PASSWORD },
  });
  ids.retailerUser = user.json().id;
  const portal = await t.request('POST', '/v1/portal/auth/login', {
    token: null,
    body: { email: 'bea@shop.test', password: PASSWORD },
  });
  expect(portal.statusCode).toBe(200);
  tokens.retailer = portal.json().token;
  const code = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name: 'Line 1', role: 'produce' },
  });
  const station = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: code.json().code },
  });
  expect(station.statusCode).toBe(200);
  tokens.station = station.json().token;
  // A board (DESIGN §16): paired like a station, reads the floor, records and changes nothing.
  const boardCode = await t.request('POST', '/v1/pairing-codes', {
    body: { name: 'Hall TV', role: 'board' },
  });
  expect(boardCode.json().pair_url).toMatch(/\/board#code=/);
  const board = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: boardCode.json().code },
  });
  expect(board.statusCode).toBe(200);
  tokens.board = board.json().token;
});

afterAll(async () => {
  await t.close();
});

/** A session of its own for a caller, so that a logout in the walk ends no other call's session. */
function freshSession(actor: Actor): Promise<string> {
  if (actor !== 'admin' && actor !== 'supervisor' && actor !== 'retailer') {
    return Promise.resolve(tokens[actor]);
  }
  return transact(t.core, async (tx) => {
    const user =
      actor === 'retailer'
        ? ({ kind: 'retailer', retailerUserId: ids.retailerUser } as const)
        : ({ kind: 'staff', staffUserId: ids.staff[actor] } as const);
    return (await openSession(tx.trx, { factoryId: t.factoryId, now: tx.now, user })).token;
  });
}

const allowedFor = (route: string, caller: Caller): boolean => {
  const access = ROUTE_ACCESS[route]!;
  return access === 'public' || (caller !== 'none' && access.includes(caller));
};

async function call(route: string, token: string | null) {
  const [method, path] = route.split(' ') as [string, string];
  // The event stream never ends by itself: asked to end once it has caught up.
  const url =
    path.replace(/:[a-z_]+/g, 'nope') + (path === '/v1/events/stream' ? '?follow=false' : '');
  const hasBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
  return t.request(method as 'GET', url, { token, ...(hasBody ? { body: {} } : {}) });
}

const COLUMNS = [
  'Route',
  'API key',
  'admin',
  'supervisor',
  'retailer',
  'station',
  'board',
  'no token',
];

/** The table as docs/permissions.md shows it, row by row, rendered from ROUTE_ACCESS. */
function permissionRows(): string[][] {
  return Object.keys(ROUTE_ACCESS).map((route) => [
    `\`${route}\``,
    ...CALLERS.map((caller) => (allowedFor(route, caller) ? 'yes' : '—')),
  ]);
}

/** The rows of the Markdown table between the doc's markers, cells trimmed (any alignment). */
function documentedRows(doc: string): string[][] | null {
  const match = /<!-- permission-table:start -->([\s\S]*?)<!-- permission-table:end -->/.exec(doc);
  if (!match) return null;
  return match[1]!
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('|') && !/^\|[\s:|-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

describe('the permission table', () => {
  it('declares every registered route, and every declared route is registered', () => {
    expect(registered.length).toBeGreaterThan(50);
    expect([...new Set(registered)].sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
    for (const route of Object.keys(ROUTE_ACCESS)) {
      const [method, url] = route.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url }), route).toBe(true);
    }
  });

  it('is what docs/permissions.md shows', () => {
    const doc = readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8');
    const rows = documentedRows(doc);
    expect(rows, 'docs/permissions.md has the table between its markers').not.toBeNull();
    expect(rows).toEqual([COLUMNS, ...permissionRows()]);
  });
});

describe('every route with every caller', () => {
  for (const caller of CALLERS) {
    it(`answers ${caller === 'none' ? 'a request without a token' : `a ${caller} token`} as the table says`, async () => {
      const mismatches: string[] = [];
      // Logouts last: each gets a session of its own anyway.
      const routes = Object.keys(ROUTE_ACCESS).sort(
        (a, b) => Number(a.includes('/logout')) - Number(b.includes('/logout')),
      );
      for (const route of routes) {
        const token =
          caller === 'none'
            ? null
            : route.includes('/logout')
              ? await freshSession(caller)
              : tokens[caller];
        const res = await call(route, token);
        const code = res.statusCode >= 400 ? (res.json().error?.code as string) : undefined;
        const allowed = allowedFor(route, caller);
        const ok = allowed
          ? res.statusCode !== 401 &&
            res.statusCode !== 403 &&
            res.statusCode < 500 &&
            code !== 'route_not_found'
          : caller === 'none'
            ? res.statusCode === 401 && code === 'missing_token'
            : res.statusCode === 403 && code === 'forbidden';
        if (!ok)
          mismatches.push(
            `${route}: ${allowed ? 'allowed' : 'denied'} but ${res.statusCode} ${code ?? ''}`,
          );
      }
      expect(mismatches).toEqual([]);
    });
  }
});

describe('sessions that ended', () => {
  it('get 401 on every route the session could call, once expired or logged out', async () => {
    const staffRoutes = Object.keys(ROUTE_ACCESS).filter(
      (r) => allowedFor(r, 'admin') && ROUTE_ACCESS[r] !== 'public',
    );
    const portalRoutes = Object.keys(ROUTE_ACCESS).filter(
      (r) => allowedFor(r, 'retailer') && ROUTE_ACCESS[r] !== 'public',
    );

    const loggedOut = await freshSession('admin');
    expect((await t.request('GET', '/v1/auth/me', { token: loggedOut })).statusCode).toBe(200);
    expect((await t.request('POST', '/v1/auth/logout', { token: loggedOut })).statusCode).toBe(200);
    const portalOut = await freshSession('retailer');
    expect(
      (await t.request('POST', '/v1/portal/auth/logout', { token: portalOut })).statusCode,
    ).toBe(200);

    const expiring = {
      admin: await freshSession('admin'),
      retailer: await freshSession('retailer'),
    };
    t.clock.advance(12 * HOUR);

    const answers: string[] = [];
    for (const [token, routes] of [
      [loggedOut, staffRoutes],
      [expiring.admin, staffRoutes],
      [portalOut, portalRoutes],
      [expiring.retailer, portalRoutes],
    ] as const) {
      for (const route of routes) {
        const res = await call(route, token);
        answers.push(`${res.statusCode} ${res.json().error?.code}`);
      }
    }
    expect(answers.length).toBe(2 * staffRoutes.length + 2 * portalRoutes.length);
    expect(new Set(answers)).toEqual(new Set(['401 invalid_token']));
  });
});
