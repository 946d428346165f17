import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { CONTENT_SECURITY_POLICY } from '../../src/api/web-app.js';
import { createCoreContext } from '../../src/core/context.js';
import { ManualClock } from '../../src/domain/clock.js';
import { openStore, type Store } from '../../src/store/database.js';
import { tempDir } from '../helpers/app.js';

// The web app as `factoryd serve` serves it, on a small built app written here: which file each
// path gets, with which caching, encoding and security headers.

const INDEX =
  '<!doctype html><title>app</title><script type="module" src="/assets/main-abc123.js"></script>\n';
const SCRIPT = `export const app = ${JSON.stringify('x'.repeat(2000))};\n`;

let dir: string;
let store: Store;
let app: FastifyInstance;
let bare: FastifyInstance;
let unbuilt: FastifyInstance;

async function appServing(webRoot: string | undefined): Promise<FastifyInstance> {
  const built = await buildApp({
    core: createCoreContext({ db: store.db, clock: new ManualClock() }),
    ...(webRoot === undefined ? {} : { webRoot }),
  });
  await built.ready();
  return built;
}

beforeAll(async () => {
  dir = tempDir('factoryd-web-');
  const root = join(dir, 'web');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(join(root, 'assets', 'main-abc123.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'main-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(root, 'assets', 'main-abc123.js.gz'), gzipSync(SCRIPT));
  mkdirSync(join(dir, 'empty'));
  store = await openStore({ file: join(dir, 'test.db') });
  app = await appServing(root);
  bare = await appServing(undefined);
  unbuilt = await appServing(join(dir, 'empty'));
});

afterAll(async () => {
  await app.close();
  await bare.close();
  await unbuilt.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the web app served by factoryd', () => {
  it('answers every client route with index.html, never cached, under a strict policy', async () => {
    for (const url of ['/', '/station', '/station/', '/portal/orders/ord_1', '/orders?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
  });

  it('caches hashed assets for good and sends the precompressed file the client accepts', async () => {
    const url = '/assets/main-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);

    const refused = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(SCRIPT);
    expect(br.headers.etag).not.toBe(refused.headers.etag);

    const again = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('revalidates the files that keep their name (the service worker)', async () => {
    const res = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/station' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(INDEX)));
    expect(res.body).toBe('');
  });

  it('answers 404 for a missing file rather than the app, and refuses to leave its folder', async () => {
    for (const url of [
      '/assets/gone-123.js',
      '/favicon.ico',
      '/..%2f..%2fetc%2fpasswd',
      '/.git/config',
      '/.env',
      '/factoryd.db',
      '/station/.htaccess',
      '/%2eenv',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
  });

  it('marks every API answer not to be kept or sniffed, and only API answers', async () => {
    for (const url of ['/v1/nothing-here', '/v1/orders', '/healthz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    const page = await app.inject({ method: 'GET', url: '/station' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('leaves the API its own paths and its error envelope', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('route_not_found');
    expect((await app.inject({ method: 'GET', url: '/v1' })).json().error.code).toBe(
      'route_not_found',
    );
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({
      status: 'ok',
    });
    const post = await app.inject({ method: 'POST', url: '/station', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('route_not_found');
  });

  it('without a web root, every unknown path is the API 404', async () => {
    const res = await bare.inject({ method: 'GET', url: '/station' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('route_not_found');
  });

  it('says clearly when the web app was not built, and keeps the API working', async () => {
    const res = await unbuilt.inject({ method: 'GET', url: '/station' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('The web app is not built');
    expect(res.body).toContain('npm run build');
    expect((await unbuilt.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('documents the sign-in routes, and the document is the one the typed clients are built from', async () => {
    const built = await buildApp({
      core: createCoreContext({ db: store.db, clock: new ManualClock() }),
    });
    await built.ready();
    const builtPaths = Object.keys((built.swagger() as { paths: object }).paths);
    await built.close();
    const publicPaths = Object.keys(
      (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json().paths,
    );
    for (const path of ['/v1/auth/login', '/v1/auth/logout', '/v1/portal/auth/login']) {
      expect(publicPaths).toContain(path);
    }
    expect(publicPaths).not.toContain('/v1/openapi.json');
    expect(builtPaths).toEqual(publicPaths);
  });
});
