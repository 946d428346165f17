import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { UnreachableError, apiErrorOf, type ApiError } from './api-error.js';
import type { paths } from '../../../contract/api.js';

/** The typed client of the whole API: `api.GET('/v1/orders', { params: { query } })`. */
export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** The server's address; empty (the default) means the page's own origin. */
  baseUrl?: string;
  /** The bearer token to send, read on every request (null sends none). */
  token?: () => string | null;
  /** Called when a request that carried a token answers 401: the token is no good any more. */
  onUnauthorized?: (error: ApiError) => void;
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * Creates the typed client. Every request carries the token; a 401 to a request that carried one
 * calls `onUnauthorized` (revoked station, expired session). Use it through `call()`, which turns
 * the answer into the data or a thrown ApiError / UnreachableError.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      const token = options.token?.();
      if (token && !request.headers.has('authorization')) {
        request.headers.set('authorization', `Bearer ${token}`);
      }
      return request;
    },
    async onResponse({ request, response }) {
      if (response.status === 401 && request.headers.has('authorization')) {
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => null);
        options.onUnauthorized?.(apiErrorOf(response, body));
      }
      return response;
    },
  };
  client.use(auth);
  return client;
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

/**
 * Awaits a client call and returns its data; throws ApiError for an error answer and
 * UnreachableError when the server did not answer (network failure, abort, timeout).
 *
 *     const order = await call(api.GET('/v1/orders/{id}', { params: { path: { id } } }));
 */
export async function call<T>(request: Promise<Answer<T>>): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await request;
  } catch (err) {
    throw new UnreachableError(err);
  }
  if (!answer.response.ok) throw apiErrorOf(answer.response, answer.error);
  return answer.data as T;
}
