import type { Dispatcher } from 'undici';
import { ApiError, ConnectionError } from './errors.js';
import type { ApiErrorDetail } from './errors.js';

/** Reading the API's answers: JSON bodies, the error envelope, network failures, headers. */

/** Node and undici error codes that mean "the server is not there or stopped answering". */
const CONNECTION_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no answer within the timeout',
  UND_ERR_BODY_TIMEOUT: 'the answer stalled',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CLOSED: 'connection closed',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed TLS certificate in chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host',
};

export async function readJson(response: Dispatcher.ResponseData, url: string): Promise<unknown> {
  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw toConnectionError(error, url);
  }
  const requestId = header(response.headers, 'request-id');
  if (response.statusCode >= 300) {
    throw toApiError(response, text, requestId);
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`the server answered ${url} with something that is not JSON`);
  }
}

interface ErrorEnvelope {
  error?: {
    type?: unknown;
    code?: unknown;
    message?: unknown;
    param?: unknown;
    request_id?: unknown;
    errors?: unknown;
  };
}

function toApiError(
  response: Dispatcher.ResponseData,
  text: string,
  requestId: string | undefined,
): ApiError {
  const status = response.statusCode;
  let envelope: ErrorEnvelope = {};
  try {
    envelope = JSON.parse(text) as ErrorEnvelope;
  } catch {
    // Not ours (a proxy's HTML page, say): described from the status alone below.
  }
  const body = envelope && typeof envelope.error === 'object' ? envelope.error : undefined;
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return new ApiError({
    status,
    type: asString(body?.type) ?? (status >= 500 ? 'api_error' : 'invalid_request_error'),
    code: asString(body?.code) ?? `http_${status}`,
    message: asString(body?.message) ?? `the server answered ${status}${statusText}`,
    param: asString(body?.param),
    requestId: asString(body?.request_id) ?? requestId,
    errors: Array.isArray(body?.errors) ? (body.errors as ApiErrorDetail[]) : undefined,
    retryAfter: header(response.headers, 'retry-after'),
  });
}

/**
 * A network failure (refused, reset, timed out …) as a ConnectionError; anything else unchanged.
 * Exported for callers that stream a response body themselves.
 */
export function toConnectionError(error: unknown, url: string): unknown {
  if (error instanceof ApiError || error instanceof ConnectionError) return error;
  const code = errorCode(error);
  const reason = code ? CONNECTION_FAILURES[code] : undefined;
  if (reason) return new ConnectionError(url, reason, { cause: error });
  return error;
}

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  if (code && code !== 'ERR_AGGREGATE_ERROR' && !(error instanceof AggregateError)) return code;
  // Connecting to a name with several addresses fails with every address's error at once.
  if (error instanceof AggregateError) return errorCode(error.errors[0]) ?? code;
  return code;
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function header(
  headers: Dispatcher.ResponseData['headers'],
  name: string,
): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function filenameOf(disposition: string | undefined): string | undefined {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
