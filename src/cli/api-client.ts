import type { Readable } from 'node:stream';
import { Agent } from 'undici';
import type { Dispatcher } from 'undici';
import { filenameOf, header, readJson, toConnectionError } from './api-answers.js';

export { toConnectionError };

/** A page of a list endpoint, exactly as the server sends it. */
export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

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

export interface RequestOptions {
  query?: Query;
  /** Serialised as JSON. */
  body?: unknown;
  idempotencyKey?: string | undefined;
  /** `false` sends no token (station pairing); a string sends that token instead. */
  auth?: boolean | string;
}

export interface UploadOptions {
  contentType: string;
  query?: Query;
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
const UPLOAD_CHUNK_BYTES = 64 * 1024;
export const MAX_PAGE_SIZE = 100;

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

  get<T>(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
    return this.request<T>('GET', path, options);
  }

  post<T>(path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('POST', path, { ...options, body });
  }

  patch<T>(path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('PATCH', path, { ...options, body });
  }

  delete<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return this.request<T>('DELETE', path, options);
  }

  /** One JSON request. An empty 2xx body resolves to `undefined`. */
  async request<T>(method: Dispatcher.HttpMethod, path: string, options: RequestOptions = {}) {
    const headers = this.headers(options.auth, options.idempotencyKey);
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const response = await this.send({ method, path, query: options.query, headers, body });
    return (await readJson(response, this.describe(path))) as T;
  }

  /** One page of a list endpoint (`limit` 1–100, `starting_after` a cursor from the last page). */
  page<T>(path: string, query: Query = {}): Promise<ListPage<T>> {
    return this.get<ListPage<T>>(path, { query });
  }

  /**
   * Every record of a list endpoint, following `next_cursor` page after page. Pages are fetched
   * as they are consumed, so a caller that stops early fetches no further.
   */
  async *paginate<T>(path: string, query: Query = {}, pageSize = MAX_PAGE_SIZE) {
    let cursor = query.starting_after ?? undefined;
    const seen = new Set<string>();
    for (;;) {
      const page = await this.page<T>(path, { ...query, limit: pageSize, starting_after: cursor });
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
  async upload<T>(path: string, data: Uint8Array, options: UploadOptions): Promise<T> {
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
    return (await readJson(response, this.describe(path))) as T;
  }

  /** Starts a binary download (labels); the caller streams `body` where it belongs. */
  async download(path: string, query: Query = {}): Promise<Download> {
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

/** `?a=1&b=x` from the defined values of a query; `undefined` and `null` are left out. */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Encodes one path segment; barcodes contain a space (`FD 0000042`). */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

async function* chunked(data: Uint8Array, onProgress: UploadOptions['onProgress']) {
  const total = data.byteLength;
  onProgress?.(0, total);
  for (let offset = 0; offset < total; offset += UPLOAD_CHUNK_BYTES) {
    const chunk = data.subarray(offset, Math.min(offset + UPLOAD_CHUNK_BYTES, total));
    yield chunk;
    // Resumed when undici asks for the next chunk, i.e. once this one has been written.
    onProgress?.(offset + chunk.byteLength, total);
  }
}
