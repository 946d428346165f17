/// <reference lib="webworker" />
/**
 * The station page's service worker (built into /sw.js by scripts/web/station-offline-plugin.ts,
 * registered by the station page with scope /station). It keeps the page loadable while the
 * server is down: the station's files are cached when the worker installs, pages are fetched
 * from the network first and from the cache when it does not answer. The API is never touched
 * (where the browser has static routes, its requests do not even pass through here): scans made
 * offline wait in IndexedDB (scan-outbox.ts), not here.
 */
// A module, so that `self` can be declared as what it is here: the worker's scope.
export {};
declare const self: ServiceWorkerGlobalScope;
/** The station's files, from the build. */
declare const __PRECACHE__: string[];
/** The station's page (station.html), what a navigation gets from the cache. */
declare const __PAGE__: string;
/** Changes with every build whose files changed. */
declare const __VERSION__: string;

const PREFIX = 'factoryd-station-';
const CACHE = `${PREFIX}${__VERSION__}`;
const PRECACHED = new Set(__PRECACHE__);
/** A page request that gets no answer in this time is served from the cache. */
const PAGE_TIMEOUT_MS = 3000;

/** The static routes of Chromium 123 and later (InstallEvent.addRoutes), where there are any. */
interface RoutingInstallEvent extends ExtendableEvent {
  addRoutes?: (
    rules: Array<{ condition: { urlPattern: { pathname: string } }; source: 'network' }>,
  ) => Promise<void>;
}

self.addEventListener('install', (event) => {
  // The API and the connection probe go straight to the network, without waking this worker
  // for a fetch event it would pass on anyway: a scan's request is not held up by it.
  const routes = (event as RoutingInstallEvent).addRoutes?.(
    ['/v1/*', '/readyz'].map((pathname) => ({
      condition: { urlPattern: { pathname } },
      source: 'network' as const,
    })),
  );
  event.waitUntil(
    (async () => {
      await routes?.catch(() => undefined);
      const cache = await caches.open(CACHE);
      await cache.addAll(__PRECACHE__.map((path) => new Request(path, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

async function page(request: Request): Promise<Response> {
  try {
    return await Promise.race([
      fetch(request),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no answer')), PAGE_TIMEOUT_MS),
      ),
    ]);
  } catch {
    const cached = await caches.match(__PAGE__, { cacheName: CACHE });
    return cached ?? Response.error();
  }
}

async function file(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE });
  return cached ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (PRECACHED.has(url.pathname)) event.respondWith(file(request));
});
