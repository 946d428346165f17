import type { CoreContext } from '../core/context.js';
import type { FailureLimiter } from '../core/rate-limiter.js';
import type { LabelRenderer } from '../labels/label-renderer.js';
import type { LoginLimiters } from './login.js';
import type { ServerReach } from './station-address.js';

/** Failure limits (DESIGN §4): pairing per address; sign-in as login.ts says. */
export interface Limiters {
  pairing: FailureLimiter;
  login: LoginLimiters;
}

/** What route modules receive from the app that registers them (app.ts). */
export interface RouteDeps {
  core: CoreContext;
  limiters: Limiters;
  labels: LabelRenderer;
  reach: ServerReach;
  /** The event stream's pace (event-stream.routes.ts); its defaults when absent. */
  eventStream?: EventStreamOptions;
  /** `GET /metrics`: answered when a metrics token is set (routes/metrics.routes.ts). */
  metrics?: MetricsEndpoint;
}

/** What `/metrics` serves, and to whom. */
export interface MetricsEndpoint {
  /** The bearer token `/metrics` answers; none: the route answers 404. */
  token?: string;
  /** The Prometheus text of every figure, collected now. */
  scrape(): Promise<string>;
  contentType: string;
}

/** How the stream paces itself; tests shorten the ping and the buffer. */
export interface EventStreamOptions {
  /** A comment line (`: ping`) this often, so proxies and clients see the connection alive. */
  pingMs: number;
  /**
   * Bytes a client may leave unread before nothing more is written to it: it then reads what it
   * missed from the table once it has drained. What bounds the server's memory per client.
   */
  maxBufferedBytes: number;
  /** How long a client over that limit may take to drain before it is cut (it resumes). */
  stallMs: number;
}
