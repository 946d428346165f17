// The API's types for every client of it — the web app, the command-line client and its terminal
// UI — read from the types generated from the OpenAPI document (api-types.gen.ts, written by
// scripts/web/api-types.ts on `npm run typecheck`). One operation is named by its path template
// and method.
import type { paths } from './api-types.gen.js';

export type { paths };

/** Every path of the API, as the OpenAPI document declares it. */
export type ApiPaths = paths;

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON answer (200) of an operation: `ApiResponse<'/v1/scans', 'post'>`. */
export type ApiResponse<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: { 200: infer R };
}
  ? JsonOf<R>
  : never;

/** The JSON body of an operation: `ApiBody<'/v1/scans', 'post'>`. */
export type ApiBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;
