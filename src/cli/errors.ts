/**
 * Typed errors of the command-line client. They carry what a caller needs to decide an exit code
 * and to print one useful line; none of them knows about terminals or exit codes itself.
 */

/** One row-level problem of a refused CSV upload (`error.errors` in the envelope). */
export interface ApiErrorDetail {
  row?: number;
  column?: string;
  code?: string;
  message?: string;
}

export interface ApiErrorInit {
  status: number;
  type: string;
  code: string;
  message: string;
  param?: string | undefined;
  requestId?: string | undefined;
  errors?: ApiErrorDetail[] | undefined;
  retryAfter?: string | undefined;
}

/** The server answered with an error status; fields come from its `{"error": …}` envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly param: string | undefined;
  readonly requestId: string | undefined;
  readonly errors: ApiErrorDetail[] | undefined;
  readonly retryAfter: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.type = init.type;
    this.code = init.code;
    this.param = init.param;
    this.requestId = init.requestId;
    this.errors = init.errors;
    this.retryAfter = init.retryAfter;
  }
}

/** The server could not be reached, or stopped answering within the timeouts. */
export class ConnectionError extends Error {
  readonly url: string;
  readonly reason: string;

  constructor(url: string, reason: string, options?: { cause?: unknown }) {
    super(`cannot reach ${url}: ${reason}`, options);
    this.name = 'ConnectionError';
    this.url = url;
    this.reason = reason;
  }
}

/** The command line itself is wrong: a bad flag value, a missing argument, a refused combination. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Configuration needed to talk to the server is missing or unreadable. `message` is a hint. */
export class ConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConfigError';
  }
}
