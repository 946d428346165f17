import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, vi } from 'vitest';
import { launchBrowser } from './browser.js';
import { startDaemon, type RunningDaemon } from './daemon.js';

/** A JSON answer; tests check its shape with their assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** What the server answered: the status and the parsed JSON body (or null). */
export interface HttpAnswer<T = Json> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Calls the real server over HTTP, as any client would: `token` is sent as a bearer token (none
 * when null), `body` as JSON.
 */
export async function http<T = Json>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown } = {},
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** Like `http`, but throws unless the answer is 200; returns the body. */
export async function ok<T = Json>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown } = {},
): Promise<T> {
  const res = await http<T>(baseUrl, method, path, options);
  if (res.status !== 200) {
    throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res.body;
}

/** A real factoryd (the build under test, serving its web app) and a headless Chromium. */
export interface WebHarness {
  /** The running server (replaced by `startServer`). */
  daemon: RunningDaemon;
  browser: Browser;
  /** `path` on the server, e.g. `/station`. */
  url(path: string): string;
  /** The server's API as its first API key. */
  api<T = Json>(method: string, path: string, body?: unknown): Promise<T>;
  /** Stops the server (SIGTERM), as a power cut or an upgrade would take it away. */
  stopServer(): Promise<void>;
  /** Starts it again on the same address and data directory. */
  startServer(): Promise<void>;
  close(): Promise<void>;
}

/** Starts both; the bundles and the web app are built by test/global-setup.ts. */
export async function startWebHarness(
  options: Parameters<typeof startDaemon>[0] = {},
): Promise<WebHarness> {
  const [daemon, browser] = await Promise.all([startDaemon(options), launchBrowser()]);
  const base = daemon.url;
  const harness: WebHarness = {
    daemon,
    browser,
    url: (path) => new URL(path, base).href,
    api: (method, path, body) =>
      ok(base, method, path, {
        token: harness.daemon.apiKey,
        ...(body === undefined ? {} : { body }),
      }),
    stopServer: async () => {
      await harness.daemon.stop();
    },
    startServer: async () => {
      harness.daemon = await startDaemon({
        ...options,
        dataDir: harness.daemon.dataDir,
        args: [...(options.args ?? []), '--port', new URL(base).port],
      });
    },
    close: async () => {
      await browser.close();
      await harness.daemon.stop();
    },
  };
  return harness;
}

/**
 * One harness for the test file: started before its first test, stopped after its last. The
 * returned object reaches the running harness, so suites write `const w = webHarnessForFile()`.
 */
export function webHarnessForFile(options: Parameters<typeof startDaemon>[0] = {}): WebHarness {
  // A browser test walks a whole screen (scans, accessibility checks, screenshots): on two
  // cores shared with the other suites that takes longer than an API test's 30 s. Waits inside
  // a test are on conditions, each with its own deadline.
  vi.setConfig({ testTimeout: 90_000 });
  let current: WebHarness | undefined;
  beforeAll(async () => {
    current = await startWebHarness(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const started = (): WebHarness => {
    if (!current) throw new Error('the web harness is used outside a test');
    return current;
  };
  return {
    get daemon() {
      return started().daemon;
    },
    get browser() {
      return started().browser;
    },
    url: (path) => started().url(path),
    api: (method, path, body) => started().api(method, path, body),
    stopServer: () => started().stopServer(),
    startServer: () => started().startServer(),
    close: () => started().close(),
  };
}

/** The password of the staff users the web tests create (`createStaff`). */
export const STAFF_PASSWORD = 'correct horse 42';

/** Creates a staff user through the API who signs in with `STAFF_PASSWORD`; answers the user. */
export function createStaff(
  w: WebHarness,
  user: { email: string; name: string; role: 'admin' | 'supervisor' },
): Promise<Json> {
  return w.api('POST', '/v1/staff', { ...user, password: STAFF_PASSWORD });
}

/**
 * Creates a retailer and one order of it (`order` is the order's body without `retailer_id`)
 * through the API; answers both.
 */
export async function createRetailerWithOrder(
  w: WebHarness,
  retailer: { name: string; code: string },
  order: { order_no: string; lines: Record<string, unknown>[]; [field: string]: unknown },
): Promise<{ retailer: Json; order: Json }> {
  const created = await w.api('POST', '/v1/retailers', retailer);
  return {
    retailer: created,
    order: await w.api('POST', '/v1/orders', { ...order, retailer_id: created.id }),
  };
}

/**
 * Opens `path` of the staff app (in English) and signs in there as the staff user `email` with
 * `STAFF_PASSWORD`; resolves once the app is shown (its Sign out button).
 */
export async function signInToStaffApp(
  w: WebHarness,
  page: Page,
  email: string,
  path = '/',
): Promise<void> {
  await page.goto(w.url(path));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/**
 * Pairs a station (or a board) through the API, as a device would with the code issued for it;
 * answers the pairing: the station's `id` and its `token`.
 */
export async function pairStation(
  w: WebHarness,
  name: string,
  role: string,
): Promise<{ id: string; token: string }> {
  const issued = await w.api('POST', '/v1/stations/pairing-codes', { name, role });
  return ok(w.daemon.url, 'POST', '/v1/stations/pair', {
    token: null,
    body: { code: issued.code },
  });
}
