/**
 * What a call to the API can end in besides its answer: the server refused (ApiError, carrying
 * the error envelope of every /v1 answer) or never answered (UnreachableError). DOM-free, so the
 * command-line client can share it.
 */

/** `{"error": {...}}`: the body of every error the API answers (docs/errors.md). */
export interface ErrorEnvelope {
  error: {
    type: string;
    code: string;
    message: string;
    param?: string;
    request_id?: string;
    errors?: Array<{ row?: number; column?: string; code: string; message: string }>;
  };
}

export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly param: string | undefined;
  readonly requestId: string | undefined;
  /** Seconds, from `retry-after` (429). */
  readonly retryAfter: number | undefined;
  readonly details: ErrorEnvelope['error']['errors'];

  constructor(status: number, envelope: ErrorEnvelope['error'], retryAfter?: number) {
    super(envelope.message);
    this.name = 'ApiError';
    this.status = status;
    this.type = envelope.type;
    this.code = envelope.code;
    this.param = envelope.param;
    this.requestId = envelope.request_id;
    this.retryAfter = retryAfter;
    this.details = envelope.errors;
  }
}

/** The server did not answer: network down, server stopped, or no answer within the timeout. */
export class UnreachableError extends Error {
  constructor(cause?: unknown) {
    super('The server does not answer.', { cause });
    this.name = 'UnreachableError';
  }
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  const error = (body as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** The ApiError for an error answer, whether or not it carries the envelope (a proxy's 502 may not). */
export function apiErrorOf(response: Response, body: unknown): ApiError {
  const retry = Number(response.headers.get('retry-after'));
  const retryAfter = Number.isFinite(retry) && retry > 0 ? retry : undefined;
  if (isEnvelope(body)) return new ApiError(response.status, body.error, retryAfter);
  return new ApiError(
    response.status,
    {
      type: 'api_error',
      code: `http_${response.status}`,
      message: `The server answered ${response.status} ${response.statusText}`.trim() + '.',
    },
    retryAfter,
  );
}

/** Worth trying again later: nothing answered, or a server-side failure (5xx). */
export function isTransient(error: unknown): boolean {
  return error instanceof UnreachableError || (error instanceof ApiError && error.status >= 500);
}
