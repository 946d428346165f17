import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Self only, nothing inline, no other origin: factories are air-gapped, and a script that is not
 * one of the app's own files has no business running next to a station token.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  // The station page reads pairing QR codes with the camera; nothing else asks for a device.
  'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
};

/** Vite names these files after their content, so they never change under their name. */
const IMMUTABLE_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the service worker) is checked with the server on every use. */
const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Client routes (`/station`, `/orders/ord_…`) never hold a dot. A path that does names a file
 * (`/assets/x.js`, `/factoryd.db`) or a hidden one (`/.git/config`, `/.env`): when the build has
 * no such file it is a 404, so a probe for one is not told "200, here is a page".
 */
const FILE_LIKE = /\/\.|\.[^/]*$/;

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

interface WebFile {
  /** Absolute path of the uncompressed file. */
  path: string;
  type: string;
  immutable: boolean;
  /** Precompressed variants present beside it. */
  encodings: Encoding[];
}

interface Loaded {
  body: Buffer;
  etag: string;
}

/** The API's own paths: never answered by the web app, whatever they are. */
export function isApiPath(path: string): boolean {
  return (
    path === '/v1' ||
    path.startsWith('/v1/') ||
    path === '/healthz' ||
    path.startsWith('/healthz/') ||
    path === '/readyz' ||
    path.startsWith('/readyz/') ||
    path === '/metrics'
  );
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out;
}

/** `{urlPath → file}` of a built app; compressed variants are found, not listed. */
function indexFiles(root: string): Map<string, WebFile> {
  const all = listFiles(root);
  const present = new Set(all);
  const files = new Map<string, WebFile>();
  for (const path of all) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const url = `/${relative(root, path).split(sep).join('/')}`;
    files.set(url, {
      path,
      type: TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      immutable: url.startsWith(IMMUTABLE_PREFIX),
      encodings: (['br', 'gzip'] as const).filter((e) => present.has(path + SUFFIX[e])),
    });
  }
  return files;
}

/** The encodings a request accepts (`q=0` refuses one), best first as we prefer them. */
function accepted(header: string | undefined): Set<string> {
  const out = new Set<string>();
  if (!header) return out;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) out.add(name);
  }
  return out;
}

function decodePath(url: string): string | undefined {
  const raw = url.split('?')[0] ?? '/';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.split('/').includes('..')) return undefined;
  return path;
}

const MISSING_BUILD = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>factoryd: the web app is not built</title></head>
<body>
<h1>The web app is not built</h1>
<p>This factoryd has no web app files, so the staff app, the retailer portal and the station page
cannot be shown. The API under <code>/v1</code> works as usual.</p>
<p>From a source checkout, build it with <code>npm run build</code> (or start with
<code>npm start</code>, which builds first). The single executable carries the web app itself.</p>
</body>
</html>
`;

export interface WebApp {
  /** Answers a GET or HEAD of a path outside the API. */
  serve(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/**
 * The built web app in `root`, served as the files are: hashed assets cached for good, the rest
 * (index.html, the service worker) revalidated on every use; `.br`/`.gz` variants sent to clients
 * that accept them; every client route (`/station`, `/portal/orders/…`) answered with index.html.
 * Files are read on first request and kept: the whole app is a few hundred kilobytes. A missing
 * build answers 503 with a page that says so.
 */
export function webApp(root: string, log: FastifyBaseLogger): WebApp {
  const built = existsSync(join(root, 'index.html'));
  if (!built) {
    log.warn(
      { web_root: root },
      'the web app is not built: its pages answer 503 until it is (npm run build)',
    );
  }
  const files = built ? indexFiles(root) : new Map<string, WebFile>();
  const loaded = new Map<string, Loaded>();

  function load(path: string, tag: string): Loaded {
    let entry = loaded.get(path);
    if (!entry) {
      const body = readFileSync(path);
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
      entry = { body, etag: `"${hash}${tag}"` };
      loaded.set(path, entry);
    }
    return entry;
  }

  function send(request: FastifyRequest, reply: FastifyReply, file: WebFile): FastifyReply {
    const accepts = accepted(request.headers['accept-encoding']);
    const encoding = file.encodings.find((e) => accepts.has(e));
    const { body, etag } = encoding
      ? load(file.path + SUFFIX[encoding], `-${encoding}`)
      : load(file.path, '');
    reply.headers(SECURITY_HEADERS);
    reply.header('content-type', file.type);
    reply.header('cache-control', file.immutable ? IMMUTABLE : REVALIDATE);
    reply.header('etag', etag);
    if (file.encodings.length > 0) reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.code(200).send(body);
  }

  return {
    serve(request, reply) {
      if (!built) {
        reply.headers(SECURITY_HEADERS);
        reply.header('cache-control', 'no-store');
        return reply.code(503).type('text/html; charset=utf-8').send(MISSING_BUILD);
      }
      const path = decodePath(request.url);
      const file = path === undefined ? undefined : files.get(path);
      if (file) return send(request, reply, file);
      if (path === undefined || FILE_LIKE.test(path)) {
        reply.headers(SECURITY_HEADERS);
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
      }
      // A client route: the app decides what to show. The station page has its own, lighter
      // build (station.html) when the build made one.
      const station = path === '/station' || path.startsWith('/station/');
      return send(
        request,
        reply,
        (station && files.get('/station.html')) || files.get('/index.html')!,
      );
    },
  };
}
