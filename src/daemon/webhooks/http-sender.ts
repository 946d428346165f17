import type { Agent, request as undiciRequest } from 'undici';
import type { AttemptOutcome } from '../../core/webhooks/delivery-queue.js';

export interface SenderOptions {
  /** Connections per receiver origin. */
  connectionsPerOrigin: number;
  connectTimeoutMs: number;
  /** The whole attempt — connect, headers and body — must finish within this. */
  requestTimeoutMs: number;
}

/** An attempt cut short by the dispatcher's stop: not counted, due again at once. */
export const ABORTED: AttemptOutcome = {
  kind: 'aborted',
  responseStatus: null,
  responseMs: null,
  error: null,
};

/** Bytes of a response body read (and thrown away) to keep the connection; beyond, it closes. */
const BODY_DRAIN_LIMIT = 64 * 1024;

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connect timeout',
  UND_ERR_SOCKET: 'connection closed by the receiver',
  UND_ERR_CLOSED: 'connection closed',
};

const timeoutText = (ms: number): string =>
  ms % 1000 === 0 ? `timeout after ${ms / 1000} s` : `timeout after ${ms} ms`;

/** A short, fixed-vocabulary description of a failed request; no text from the receiver. */
function describeError(err: unknown, timeoutMs: number): string {
  const e = err as { code?: string; name?: string; cause?: { code?: string } };
  const code = e.code ?? e.cause?.code;
  if (
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    e.name === 'TimeoutError'
  ) {
    return timeoutText(timeoutMs);
  }
  if (code && NETWORK_ERRORS[code]) return NETWORK_ERRORS[code];
  if (code && /^(ERR_TLS|CERT_|DEPTH_|SELF_SIGNED|UNABLE_TO)/.test(code))
    return `TLS error (${code})`;
  return code ? `network error (${code})` : 'network error';
}

/**
 * Sends webhook requests through one undici Agent: bounded connections per origin and timeouts,
 * redirects never followed, response bodies drained and discarded.
 */
export class HttpSender {
  readonly #options: SenderOptions;
  readonly #timeoutMs: number;
  /** undici is loaded on the first delivery: a factory without webhooks never pays for it. */
  #client: Promise<{ agent: Agent; request: typeof undiciRequest }> | undefined;

  constructor(options: SenderOptions) {
    this.#options = options;
    this.#timeoutMs = options.requestTimeoutMs;
  }

  #connect(): Promise<{ agent: Agent; request: typeof undiciRequest }> {
    // The default export, not the namespace: undici is CommonJS, and a CommonJS module imported
    // from a split ESM bundle (the executable's) has no named exports, only `default`.
    this.#client ??= import('undici').then(({ default: undici }) => ({
      request: undici.request,
      agent: new undici.Agent({
        connections: this.#options.connectionsPerOrigin,
        pipelining: 1,
        connect: { timeout: this.#options.connectTimeoutMs },
        headersTimeout: this.#options.requestTimeoutMs,
        bodyTimeout: this.#options.requestTimeoutMs,
        keepAliveTimeout: 4_000,
      }),
    }));
    return this.#client;
  }

  /**
   * POSTs `body` to `url`. `stop` aborts the attempt when the process shuts down: the outcome is
   * then `aborted`, which does not count as an attempt.
   */
  async post(
    url: string,
    headers: Record<string, string>,
    body: string,
    stop: AbortSignal,
  ): Promise<AttemptOutcome> {
    if (stop.aborted) return ABORTED;
    const { agent, request } = await this.#connect();
    const started = performance.now();
    // One controller and one timer per attempt, both released when it ends (AbortSignal.timeout
    // would keep its timer for the whole 15 s, and AbortSignal.any ties every attempt to `stop`).
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.#timeoutMs);
    const onStop = () => controller.abort();
    stop.addEventListener('abort', onStop, { once: true });
    const signal = controller.signal;
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const res = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: agent,
        signal,
      });
      const status = res.statusCode;
      try {
        await res.body.dump({ limit: BODY_DRAIN_LIMIT, signal });
      } catch {
        // The status is what counts; an unreadable body only costs the connection.
      }
      const responseMs = elapsed();
      if (status >= 200 && status < 300) {
        return { kind: 'succeeded', responseStatus: status, responseMs, error: null };
      }
      if (status === 410) {
        return {
          kind: 'gone',
          responseStatus: status,
          responseMs,
          error: 'HTTP 410 Gone: endpoint disabled',
        };
      }
      const header = res.headers['retry-after'];
      const retryAfter =
        status === 429 || status === 503 ? (Array.isArray(header) ? header[0] : header) : undefined;
      const error =
        status >= 300 && status < 400 ? `HTTP ${status}: redirect not followed` : `HTTP ${status}`;
      return { kind: 'failed', responseStatus: status, responseMs, error, retryAfter };
    } catch (err) {
      if (stop.aborted) return ABORTED;
      const error = timedOut ? timeoutText(this.#timeoutMs) : describeError(err, this.#timeoutMs);
      return { kind: 'failed', responseStatus: null, responseMs: elapsed(), error };
    } finally {
      clearTimeout(timer);
      stop.removeEventListener('abort', onStop);
    }
  }

  async close(): Promise<void> {
    if (this.#client) await (await this.#client).agent.destroy();
  }
}
