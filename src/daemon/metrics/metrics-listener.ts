import { createServer, type Server } from 'node:http';

/**
 * `--metrics-listen host:port`: a listener of its own that answers `GET /metrics` without a
 * token (bind it to an address only the monitoring reaches) and 404 to everything else.
 */
export async function listenForMetrics(
  address: { host: string; port: number },
  source: { scrape(): Promise<string>; contentType: string },
  onError: (err: unknown) => void,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Only GET /metrics is served here.\n');
      return;
    }
    source.scrape().then(
      (body) => {
        response.writeHead(200, {
          'content-type': source.contentType,
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        onError(err);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('collecting the metrics failed; see the server log\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** `host:port` (`[::1]:9464` for IPv6), or a sentence saying what is wrong. */
export function parseListenAddress(value: string): { host: string; port: number } | string {
  const match = /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(value.trim());
  const port = Number(match?.[3]);
  if (!match || !Number.isInteger(port) || port < 0 || port > 65535) {
    return `--metrics-listen must be host:port, e.g. 127.0.0.1:9464 (was "${value}")`;
  }
  return { host: match[1] ?? match[2]!, port };
}
