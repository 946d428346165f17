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
}
