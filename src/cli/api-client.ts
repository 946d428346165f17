import type { Readable } from 'node:stream';
import { Agent } from 'undici';
import type { Dispatcher } from 'undici';
import { filenameOf, header, readJson, toConnectionError } from './api-answers.js';
import { chunked, fillPath, queryString } from './api-request.js';
import type { Query } from './api-request.js';
import type {
  Answer,
  CallArgs,
  CallOptions,
  Item,
  ListPage,
  ListPaths,
  Method,
  PageWindow,
  Params,
  PathsWith,
  SendOptions,
  paths,
} from './api-types.js';

export { toConnectionError };
export { unchecked } from './api-types.js';
export type { CallOptions, ListPage, PageWindow } from './api-types.js';

export interface ApiClientOptions {
  /** The server address, e.g. `http://127.0.0.1:8080`; a path prefix is kept before `/v1`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <token>` unless a request says otherwise. */
  token?: string | undefined;
  userAgent?: string;
  connectTimeoutMs?: number;
  /** How long to wait for response headers once the request has been sent. */
  headersTimeoutMs?: number;
  /** How long the response body may stall between two chunks. */
  bodyTimeoutMs?: number;
}

interface UntypedOptions extends SendOptions {
  path?: Record<string, string | number> | undefined;
  query?: object | undefined;
  body?: unknown;
}

export interface UploadOptions<P extends keyof paths = keyof paths> {
  contentType: string;
  query?: Params<P, 'post'>['query'];
  idempotencyKey?: string | undefined;
  /** Called as the request body is handed to the socket, with bytes sent so far and the total. */
  onProgress?: (sent: number, total: number) => void;
}

export interface Download {
  contentType: string | undefined;
  /** From `content-length`; undefined when the server streams without announcing a length. */
  length: number | undefined;
  /** From `content-disposition`, when the server names the file. */
  filename: string | undefined;
  /** Response headers, lower-cased names (`x-label-count` …). */
  headers: Record<string, string | undefined>;
  body: Readable;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_HEADERS_TIMEOUT_MS = 60_000;
const DEFAULT_BODY_TIMEOUT_MS = 60_000;
export const MAX_PAGE_SIZE = 100;
const VERBS = { get: 'GET', post: 'POST', patch: 'PATCH', delete: 'DELETE' } as const;

/**
 * HTTP client of the factoryd `/v1` API, shared by the command-line client and the terminal UI.
 * One keep-alive connection pool per client; call `close()` when done so the process can exit.
 * Every error status becomes an `ApiError` and every network failure a `ConnectionError`.
 */
export class ApiClient {
  readonly baseUrl: string;
  private readonly origin: string;
  private readonly pathPrefix: string;
  private readonly token: string | undefined;
  private readonly userAgent: string;
  private readonly agent: Agent;

  constructor(options: ApiClientOptions) {
    const url = new URL(options.baseUrl);
    this.baseUrl = options.baseUrl;
    this.origin = url.origin;
    this.pathPrefix = url.pathname.replace(/\/+$/, '');
    this.token = options.token;
    this.userAgent = options.userAgent ?? 'factory';
    this.agent = new Agent({
      connect: { timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS },
      headersTimeout: options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS,
      bodyTimeout: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
      keepAliveTimeout: 10_000,
    });
  }

  get<P extends PathsWith<'get'>>(path: P, ...[options]: CallArgs<P, 'get'>) {
    return this.call(path, 'get', options);
  }

  post<P extends PathsWith<'post'>>(path: P, ...[options]: CallArgs<P, 'post'>) {
    return this.call(path, 'post', options);
  }

  patch<P extends PathsWith<'patch'>>(path: P, ...[options]: CallArgs<P, 'patch'>) {
    return this.call(path, 'patch', options);
  }

  delete<P extends PathsWith<'delete'>>(path: P, ...[options]: CallArgs<P, 'delete'>) {
    return this.call(path, 'delete', options);
  }

  /**
   * One JSON request to any path, its answer unread: for what the document does not describe.
   * An empty 2xx body resolves to `undefined`.
   */
  async request(
    method: Dispatcher.HttpMethod,
    template: string,
    options: UntypedOptions = {},
  ): Promise<unknown> {
    const path = fillPath(template, options.path);
    const headers = this.headers(options.auth, options.idempotencyKey);
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const query = options.query as Query | undefined;
    const response = await this.send({ method, path, query, headers, body });
    return readJson(response, this.describe(path));
  }

  /** One page of a list endpoint: `limit` 1–100, `starting_after` a cursor from the last page. */
  async page<P extends ListPaths>(
    path: P,
    options: CallOptions<P, 'get'>,
    window: PageWindow = {},
  ): Promise<ListPage<Item<P>>> {
    const call = options as UntypedOptions;
    return pageOf<P>(
      await this.request('GET', path, { ...call, query: { ...call.query, ...window } }),
    );
  }

  /**
   * Every record of a list endpoint, following `next_cursor` page after page from
   * `startingAfter`. Pages are fetched as they are consumed, so a caller that stops early fetches
   * no further.
   */
  async *paginate<P extends ListPaths>(
    path: P,
    options: CallOptions<P, 'get'>,
    { limit = MAX_PAGE_SIZE, starting_after }: PageWindow = {},
  ): AsyncGenerator<Item<P>> {
    let cursor = starting_after;
    const seen = new Set<string>();
    for (;;) {
      const page = await this.page(path, options, { limit, starting_after: cursor });
      yield* page.data;
      if (!page.has_more || !page.next_cursor) return;
      // A server that hands back a cursor twice would otherwise loop forever.
      if (seen.has(page.next_cursor)) {
        throw new Error(`the server repeated the cursor ${page.next_cursor} while listing ${path}`);
      }
      seen.add(page.next_cursor);
      cursor = page.next_cursor;
    }
  }

  /** Sends a raw body (a CSV file) in chunks, reporting progress, and reads a JSON answer. */
  async upload<P extends PathsWith<'post'>>(
    path: P,
    data: Uint8Array,
    options: UploadOptions<P>,
  ): Promise<Answer<P, 'post'>> {
    const headers = this.headers(true, options.idempotencyKey);
    headers['content-type'] = options.contentType;
    headers['content-length'] = String(data.byteLength);
    const response = await this.send({
      method: 'POST',
      path,
      query: options.query,
      headers,
      body: chunked(data, options.onProgress),
    });
    return answerOf<P, 'post'>(await readJson(response, this.describe(path)));
  }

  /** Starts a binary download (labels); the caller streams `body` where it belongs. */
  async download<P extends PathsWith<'get'>>(
    template: P,
    options: CallOptions<P, 'get'>,
  ): Promise<Download> {
    const call = options as UntypedOptions;
    const path = fillPath(template, call.path);
    const query = call.query as Query | undefined;
    const headers = this.headers(true, undefined);
    const response = await this.send({ method: 'GET', path, query, headers });
    if (response.statusCode >= 300) {
      await readJson(response, this.describe(path));
    }
    const length = Number(header(response.headers, 'content-length'));
    return {
      contentType: header(response.headers, 'content-type'),
      length: Number.isFinite(length) && length >= 0 ? length : undefined,
      filename: filenameOf(header(response.headers, 'content-disposition')),
      headers: Object.fromEntries(
        Object.keys(response.headers).map((name) => [name, header(response.headers, name)]),
      ),
      body: response.body,
    };
  }

  private async call<P extends keyof paths, M extends Method>(
    path: P,
    method: M,
    options: CallOptions<P, M> | undefined,
  ): Promise<Answer<P, M>> {
    const answer = await this.request(VERBS[method], path, options);
    return answerOf<P, M>(answer);
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private headers(auth: boolean | string | undefined, idempotencyKey: string | undefined) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.userAgent,
    };
    const token = typeof auth === 'string' ? auth : auth === false ? undefined : this.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    return headers;
  }

  private async send(request: {
    method: Dispatcher.HttpMethod;
    path: string;
    query?: Query | undefined;
    headers: Record<string, string>;
    body?: string | AsyncIterable<Uint8Array> | undefined;
  }): Promise<Dispatcher.ResponseData> {
    try {
      return await this.agent.request({
        origin: this.origin,
        path: this.pathPrefix + request.path + queryString(request.query),
        method: request.method,
        headers: request.headers,
        // undici takes an async iterable body as documented, though its types list only Readable;
        // iterating it directly keeps the progress count at what was actually written.
        body: (request.body ?? null) as Dispatcher.RequestOptions['body'],
      });
    } catch (error) {
      throw toConnectionError(error, this.origin);
    }
  }

  private describe(path: string): string {
    return this.origin + this.pathPrefix + path;
  }
}

/**
 * The answer of a typed call, as the OpenAPI document describes it. The one place an answer is
 * taken at the document's word: the server validates every answer against the same schemas
 * before sending it, and test/cli/fakes-contract.test.ts holds the test servers to them too.
 */
function answerOf<P extends keyof paths, M extends Method>(json: unknown): Answer<P, M> {
  return json as Answer<P, M>;
}

/** A page of a list endpoint, taken at the document's word as `answerOf` does. */
function pageOf<P extends ListPaths>(json: unknown): ListPage<Item<P>> {
  return json as ListPage<Item<P>>;
}
