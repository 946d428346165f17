import type { Browser } from 'playwright-core';
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

/** A real factoryd (the bundle, serving the built web app) and a headless Chromium. */
export interface WebHarness {
  daemon: RunningDaemon;
  browser: Browser;
  /** `path` on the server, e.g. `/station`. */
  url(path: string): string;
  /** The server's API as its first API key. */
  api<T = Json>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

/** Starts both; the bundles and the web app are built by test/global-setup.ts. */
export async function startWebHarness(
  options: Parameters<typeof startDaemon>[0] = {},
): Promise<WebHarness> {
  const [daemon, browser] = await Promise.all([startDaemon(options), launchBrowser()]);
  return {
    daemon,
    browser,
    url: (path) => new URL(path, daemon.url).href,
    api: (method, path, body) =>
      ok(daemon.url, method, path, {
        token: daemon.apiKey,
        ...(body === undefined ? {} : { body }),
      }),
    close: async () => {
      await browser.close();
      await daemon.stop();
    },
  };
}
