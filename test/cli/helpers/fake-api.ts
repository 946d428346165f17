import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny HTTP server speaking the documented shapes of the factoryd API (list envelope, error
 * envelope, request ids). Only for unit tests of the client's own behaviour: output, pagination,
 * error mapping. End-to-end tests run the real server.
 */
export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json: unknown;
}

export interface FakeResponse {
  status?: number;
  json?: unknown;
  body?: Buffer | string;
  headers?: Record<string, string>;
}

export type Handler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

/** What the fake answered, by the route that answered (`GET /v1/orders/:id`; none for a 404). */
export interface FakeAnswer {
  route: string | undefined;
  path: string;
  status: number;
  contentType: string | undefined;
  json: unknown;
}

export interface FakeApi {
  url: string;
  /** The routes it serves, as `METHOD /path/:param`. */
  routes: string[];
  requests: FakeRequest[];
  answers: FakeAnswer[];
  close: () => Promise<void>;
}

let requestCounter = 0;

export async function startFakeApi(routes: Record<string, Handler>): Promise<FakeApi> {
  const compiled = Object.entries(routes).map(([key, handler]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const names: string[] = [];
    const regex = new RegExp(
      `^${pattern.replace(/:(\w+)/g, (_match, name: string) => {
        names.push(name);
        return '([^/]+)';
      })}$`,
    );
    return { key, method, regex, names, handler };
  });
  const requests: FakeRequest[] = [];
  const answers: FakeAnswer[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const body = Buffer.concat(chunks);
        let json: unknown;
        if (String(req.headers['content-type']).startsWith('application/json') && body.length) {
          json = JSON.parse(body.toString('utf8'));
        }
        const requestId = `req_fake${String(++requestCounter).padStart(6, '0')}`;
        const route = compiled.find((r) => r.method === req.method && r.regex.test(url.pathname));
        const params: Record<string, string> = {};
        if (route) {
          const match = route.regex.exec(url.pathname)!;
          route.names.forEach((name, index) => {
            params[name] = decodeURIComponent(match[index + 1]!);
          });
        }
        const request: FakeRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          params,
          query: url.searchParams,
          headers: req.headers,
          body,
          json,
        };
        requests.push(request);
        const answer: FakeResponse = route
          ? await route.handler(request)
          : errorResponse(404, 'not_found_error', 'route_not_found', 'No such endpoint.');
        const headers: Record<string, string> = { 'request-id': requestId, ...answer.headers };
        let payload: Buffer | string = answer.body ?? '';
        let sent: unknown;
        if (answer.json !== undefined) {
          sent = addRequestId(answer.json, requestId);
          payload = JSON.stringify(sent);
          headers['content-type'] ??= 'application/json';
        }
        answers.push({
          route: route?.key,
          path: url.pathname,
          status: answer.status ?? 200,
          contentType: headers['content-type'],
          json: sent,
        });
        headers['content-length'] = String(Buffer.byteLength(payload));
        res.writeHead(answer.status ?? 200, headers);
        res.end(payload);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routes: Object.keys(routes),
    requests,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function addRequestId(value: unknown, requestId: string): unknown {
  const error = (value as { error?: Record<string, unknown> } | null)?.error;
  if (error && typeof error === 'object' && !('request_id' in error)) {
    return { ...value!, error: { ...error, request_id: requestId } };
  }
  return value;
}

/** `{"error": {type, code, message, …}}` with a status, as the API documents it. */
export function errorResponse(
  status: number,
  type: string,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): FakeResponse {
  return { status, json: { error: { type, code, message, ...extra } } };
}

/** Pages a list of records with `limit` and `starting_after` (the previous page's last id). */
export function listResponse<T extends { id: string }>(items: T[], query: URLSearchParams) {
  const limit = Math.min(100, Number(query.get('limit') ?? 20));
  const after = query.get('starting_after');
  const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
  const data = items.slice(start, start + limit);
  const hasMore = start + limit < items.length;
  return {
    json: {
      object: 'list',
      data,
      has_more: hasMore,
      next_cursor: hasMore ? data[data.length - 1]!.id : null,
    },
  };
}

/** A bearer check: the handler runs only for this token, else 401 as the API answers. */
export function authorised(token: string, handler: Handler): Handler {
  return (request) => {
    const header = request.headers.authorization;
    if (!header)
      return errorResponse(401, 'authentication_error', 'missing_token', 'Send a token.');
    if (header !== `Bearer ${token}`) {
      return errorResponse(401, 'authentication_error', 'invalid_token', 'The token is not valid.');
    }
    return handler(request);
  };
}

/** An order as GET /v1/orders lists it (spec 2.1). */
export function sampleOrder(index: number, extra: Record<string, unknown> = {}) {
  const id = `ord_${String(index).padStart(26, '0')}`;
  return {
    id,
    object: 'order',
    order_no: `PO-${1000 + index}`,
    status: 'in_production',
    production_date: '2026-11-20',
    needed_by: '2026-12-01',
    source: 'api',
    created_at: '2026-11-22T09:57:00.000Z',
    updated_at: '2026-11-22T09:57:00.000Z',
    produced_at: null,
    in_stock_at: null,
    dispatched_at: null,
    cancelled_at: null,
    retailer_id: 'rtl_01JD0000000000000000000000',
    retailer_name: 'Acme Home',
    retailer_code: 'ACME',
    stuck: false,
    stuck_reason: null,
    created_by: null,
    pieces_total: 6,
    pieces_scanned: 2,
    pieces_in_stock: 0,
    pieces_dispatched: 0,
    piece_states: ['awaiting_production', 'produced'],
    items: 'SOFA-3S Grey',
    sku: 'SOFA-3S',
    colour: 'Grey',
    qty: 2,
    pieces_per_unit: 3,
    lines: [{ sku: 'SOFA-3S', colour: 'Grey', qty: 2, pieces_per_unit: 3, piece_names: null }],
    ...extra,
  };
}
