// The API's request and answer types for the command-line client and the terminal UI, read from
// the contract module's types generated from the OpenAPI document (src/contract; `npm run
// typecheck` writes them, docs/web.md). One operation is named by its path template and method:
//
//     Answer<'/v1/orders/{id}', 'get'>          the JSON of its success answer
//     Params<'/v1/orders/{id}', 'get'>          { path: { id: string } }
import type { ApiResponse, paths } from '../contract/api.js';

export type { paths };

export type Method = 'get' | 'post' | 'patch' | 'delete';

/** The path templates that have an operation for `method`. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];

type Operation<P extends keyof paths, M extends Method> = Extract<
  paths[P][M],
  { responses: unknown }
>;

/** The JSON body of the operation's success answer (the API answers 200 on success). */
export type Answer<P extends keyof paths, M extends Method> = ApiResponse<P, M>;

/** The JSON request body the operation takes (`never` when it takes none). */
export type Body<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } }
      ? B | undefined
      : never;

type PathOf<O> = O extends { parameters: { path: infer T } } ? T : never;
type QueryOf<O> = O extends { parameters: { query?: infer T } } ? NonNullable<T> : never;

/** `path` (required when the template has parameters) and `query`, as the document declares. */
export type Params<P extends keyof paths, M extends Method> = ([PathOf<Operation<P, M>>] extends [
  never,
]
  ? { path?: never }
  : { path: PathOf<Operation<P, M>> }) &
  ([QueryOf<Operation<P, M>>] extends [never]
    ? { query?: never }
    : { query?: QueryOf<Operation<P, M>> });

/** The list endpoints: GET operations that answer a `{object: "list", data: [...]}` page. */
export type ListPaths = {
  [P in PathsWith<'get'>]: Answer<P, 'get'> extends { object: 'list'; data: unknown[] } ? P : never;
}[PathsWith<'get'>];

/** One record of a list endpoint's `data`. */
export type Item<P extends ListPaths> =
  Answer<P, 'get'> extends { data: Array<infer T extends object> } ? T : never;

/** A page of a list endpoint, exactly as the server sends it. */
export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** How a call is sent, beside what the document types: idempotency and which token. */
export interface SendOptions {
  idempotencyKey?: string | undefined;
  /** `false` sends no token (station pairing); a string sends that token instead. */
  auth?: boolean | string;
}

declare const uncheckedBrand: unique symbol;

/**
 * What a person typed (a JSON file, `key=value` pairs, a status word), sent as it is: the server
 * checks it and its validation error says what is wrong, as it does for any client.
 */
export interface Unchecked {
  readonly [uncheckedBrand]: true;
}

export function unchecked(value: object): Unchecked {
  return value as Unchecked;
}

type BodyPart<P extends keyof paths, M extends Method> = [Body<P, M>] extends [never]
  ? { body?: never }
  : undefined extends Body<P, M>
    ? { body?: Body<P, M> | Unchecked }
    : { body: Body<P, M> | Unchecked };

type QueryPart<P extends keyof paths, M extends Method> = [Params<P, M>['query']] extends [
  undefined,
]
  ? { query?: never }
  : { query?: Params<P, M>['query'] | Unchecked };

/** A call's path and query parameters and JSON body, as the OpenAPI document types them. */
export type CallOptions<P extends keyof paths, M extends Method> = Omit<Params<P, M>, 'query'> &
  QueryPart<P, M> &
  BodyPart<P, M> &
  SendOptions;

/** The options argument, optional when nothing in it is required. */
export type CallArgs<P extends keyof paths, M extends Method> =
  object extends CallOptions<P, M> ? [options?: CallOptions<P, M>] : [options: CallOptions<P, M>];

/** Which page of a list: `limit` 1–100, `starting_after` the `next_cursor` of the last page. */
export interface PageWindow {
  limit?: number | undefined;
  starting_after?: string | undefined;
}
