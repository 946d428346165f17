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
