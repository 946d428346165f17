/**
 * Every error code the product can answer with, in one registry. The domain and use cases throw
 * `AppError` with one of these codes; only the API maps a code's kind to an HTTP status and only
 * the CLI maps it to an exit code. docs/errors.md documents each code (a test keeps them in step).
 */
export type ErrorKind =
  | 'invalid'
  | 'timeout'
  | 'uri_too_long'
  | 'headers_too_large'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'unsupported_media'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

interface ErrorDefinition {
  kind: ErrorKind;
  /** The default message; a thrower may give a more precise one. */
  message: string;
}

export const ERROR_CODES = {
  // 400
  invalid_json: { kind: 'invalid', message: 'The request body is not valid JSON.' },
  validation_failed: { kind: 'invalid', message: 'A field is missing or has an invalid value.' },
  invalid_csv: { kind: 'invalid', message: 'The CSV file has errors; nothing was imported.' },
  invalid_cursor: {
    kind: 'invalid',
    message: 'The starting_after cursor is not one a list produced: send a next_cursor as it came.',
  },
  location_required: { kind: 'invalid', message: 'A bay (location) is required.' },
  invalid_pairing_code: {
    kind: 'invalid',
    message: 'The pairing code is unknown or already used.',
  },
  invalid_password_link: {
    kind: 'invalid',
    message: 'The set-password link is unknown, used or expired: ask for a new one.',
  },
  webhook_host_not_allowed: {
    kind: 'invalid',
    message: 'The webhook URL host is not in the allowed hosts setting.',
  },
  invalid_url: {
    kind: 'invalid',
    message: 'The path is not a valid URL: a % must start a percent-encoded byte (%20).',
  },
  malformed_request: { kind: 'invalid', message: 'The request is not valid HTTP/1.1.' },
  invalid_api_version: {
    kind: 'invalid',
    message:
      'Factoryd-Version must be a version this server knows (YYYY-MM-DD): see docs/versioning.md.',
  },
  sso_failed: {
    kind: 'invalid',
    message: 'The sign-in with the identity provider did not complete: start it again.',
  },
  // 408, 414, 431
  request_timeout: {
    kind: 'timeout',
    message: 'The request did not arrive in time; the connection is closed.',
  },
  path_too_long: { kind: 'uri_too_long', message: 'A part of the path is too long.' },
  headers_too_large: { kind: 'headers_too_large', message: 'The request headers are too large.' },
  // 401
  missing_token: {
    kind: 'unauthenticated',
    message: 'Send a token: Authorization: Bearer <token>.',
  },
  invalid_token: { kind: 'unauthenticated', message: 'The token is not valid.' },
  invalid_credentials: { kind: 'unauthenticated', message: 'The email or password is wrong.' },
  // 403
  forbidden: { kind: 'forbidden', message: 'This token may not perform this operation.' },
  station_role_mismatch: {
    kind: 'forbidden',
    message: "The scan's event does not match the station's role.",
  },
  sso_no_role: {
    kind: 'forbidden',
    message:
      'The identity provider signed you in, but none of your groups is mapped to a staff role: ask an administrator.',
  },
  // 404
  sso_not_configured: {
    kind: 'not_found',
    message: 'Single sign-on is not set up: sign in with your email and password.',
  },
  not_found: { kind: 'not_found', message: 'No such record.' },
  route_not_found: { kind: 'not_found', message: 'No such endpoint.' },
  // 409
  order_exists: {
    kind: 'conflict',
    message: 'This retailer already has an order with that number.',
  },
  upload_conflict: {
    kind: 'conflict',
    message:
      'Another upload was writing orders with the same numbers at the same time; send this upload again.',
  },
  order_no_ambiguous: {
    kind: 'conflict',
    message: 'Several retailers have an order with that number; use the order id.',
  },
  order_not_cancellable: {
    kind: 'conflict',
    message: 'The order cannot be cancelled: pieces have been dispatched.',
  },
  retailer_exists: { kind: 'conflict', message: 'A retailer with that code already exists.' },
  email_exists: { kind: 'conflict', message: 'A user with that email already exists.' },
  piece_not_dispatched: { kind: 'conflict', message: 'Only a dispatched piece can be returned.' },
  no_labels_to_print: {
    kind: 'conflict',
    message: 'Every label asked for has been printed already; ask for pieces=all to reprint.',
  },
  return_closed: {
    kind: 'conflict',
    message: 'The return is already closed with another outcome.',
  },
  last_owner: { kind: 'conflict', message: 'The last owner cannot be demoted or removed.' },
  order_in_production: {
    kind: 'conflict',
    message: 'The order cannot be changed: production has started (a piece has been scanned).',
  },
  endpoint_disabled: { kind: 'conflict', message: 'The webhook endpoint is disabled.' },
  api_key_inactive: {
    kind: 'conflict',
    message: 'The API key is revoked or expired, so it cannot be rolled; create a new one.',
  },
  print_job_state: {
    kind: 'conflict',
    message: 'The print job is not in a state that allows this.',
  },
  idempotency_key_reused: {
    kind: 'conflict',
    message: 'This Idempotency-Key was used with a different request.',
  },
  idempotency_key_in_use: {
    kind: 'conflict',
    message: 'A request with this Idempotency-Key is still being processed.',
  },
  unit_incomplete: {
    kind: 'conflict',
    message: 'A unit is partly loaded: load its other pieces, or close with force and a reason.',
  },
  consignment_not_empty: {
    kind: 'conflict',
    message: 'Pieces are loaded on this consignment, so it cannot be cancelled.',
  },
  consignment_not_open: {
    kind: 'conflict',
    message: 'The consignment is closed or cancelled.',
  },
  // 410
  pairing_code_expired: { kind: 'gone', message: 'The pairing code has expired.' },
  // 413, 415
  payload_too_large: { kind: 'too_large', message: 'The request body is too large.' },
  unsupported_media_type: { kind: 'unsupported_media', message: 'Unsupported content type.' },
  // 429
  rate_limited: { kind: 'rate_limited', message: 'Too many attempts; try again later.' },
  // 503, 500
  not_ready: { kind: 'unavailable', message: 'The database is not answering.' },
  disk_full: {
    kind: 'unavailable',
    message:
      'The disk of the database is full: nothing can be saved until space is freed. Nothing of this request was kept; send it again once there is room.',
  },
  shutting_down: {
    kind: 'unavailable',
    message: 'The server is stopping; send the request again in a moment.',
  },
  internal_error: { kind: 'internal', message: 'Something went wrong on the server.' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface FieldError {
  row?: number;
  column?: string;
  code: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly kind: ErrorKind;
  /** The request field at fault, dotted for nested fields (`lines.0.qty`). */
  readonly param: string | undefined;
  /** Row-level problems (CSV uploads). */
  readonly errors: FieldError[] | undefined;
  /** Seconds a client should wait (rate limits). */
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; param?: string; errors?: FieldError[]; retryAfter?: number } = {},
  ) {
    super(options.message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
    this.code = code;
    this.kind = ERROR_CODES[code].kind;
    this.param = options.param;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
  }
}

/**
 * 404 naming what was asked for: `notFound('order', 'id', 'PO-9', 'id or order number')` →
 * `No order with id or order number "PO-9".` (`by` defaults to the param's name).
 */
export const notFound = (what: string, param: string, value: string, by = param): AppError =>
  new AppError('not_found', {
    message: `No ${what} with ${by} ${JSON.stringify(value.length > 100 ? `${value.slice(0, 99)}…` : value)}.`,
    param,
  });

export const invalid = (param: string, message: string): AppError =>
  new AppError('validation_failed', { param, message });
