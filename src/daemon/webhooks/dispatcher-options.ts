/** What the webhook dispatcher (dispatcher.ts) is built with, and what it counts. */

export interface DispatcherLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DispatcherOptions {
  /** `user-agent` of every request, e.g. `factoryd-webhooks/1.2.0`. */
  userAgent: string;
  /** Requests in flight at once, all endpoints together. */
  maxInFlight?: number;
  /** Requests in flight at once to one endpoint. */
  maxInFlightPerEndpoint?: number;
  /** Deliveries claimed ahead (in flight or waiting for a slot), all endpoints together. */
  maxClaimed?: number;
  /** Deliveries claimed ahead for one endpoint. */
  maxClaimedPerEndpoint?: number;
  /** How long a claimed delivery is kept from being claimed again. */
  leaseMs?: number;
  connectTimeoutMs?: number;
  /** A 2xx must arrive within this. */
  requestTimeoutMs?: number;
  /** Wake up by itself when the next delivery falls due (off for tests driving a manual clock). */
  wake?: boolean;
  /** [0, 1), for retry jitter. */
  random?: () => number;
  log?: DispatcherLog;
}

export interface DispatchStats {
  attempts: number;
  succeeded: number;
  failed: number;
}
