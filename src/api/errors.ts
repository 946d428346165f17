import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, type ErrorKind } from '../domain/errors.js';
import { isDiskFull } from '../store/disk-full.js';

/** HTTP status and error `type` for each kind of error (DESIGN §3). */
export const KIND_HTTP: Record<ErrorKind, { status: number; type: string }> = {
  invalid: { status: 400, type: 'invalid_request_error' },
  timeout: { status: 408, type: 'invalid_request_error' },
  uri_too_long: { status: 414, type: 'invalid_request_error' },
  headers_too_large: { status: 431, type: 'invalid_request_error' },
  unauthenticated: { status: 401, type: 'authentication_error' },
  forbidden: { status: 403, type: 'permission_error' },
  not_found: { status: 404, type: 'not_found_error' },
  conflict: { status: 409, type: 'conflict_error' },
  gone: { status: 410, type: 'invalid_request_error' },
  too_large: { status: 413, type: 'invalid_request_error' },
  unsupported_media: { status: 415, type: 'invalid_request_error' },
  rate_limited: { status: 429, type: 'rate_limit_error' },
  unavailable: { status: 503, type: 'api_error' },
  internal: { status: 500, type: 'api_error' },
};

export interface ErrorBody {
  error: {
    type: string;
    code: ErrorCode;
    message: string;
    param?: string;
    errors?: AppError['errors'];
    request_id: string;
  };
}

interface AjvIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `/lines/0/qty` → `lines.0.qty`. */
function dotted(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

const join = (a: string, b: string) => (a ? `${a}.${b}` : b);

/** A JSON Schema as far as messages need it. */
interface SchemaNode {
  type?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  const?: unknown;
  enum?: unknown[];
}

/** The part of `schema` that describes the value at a JSON pointer (`/lines/0`), if known. */
function schemaAt(schema: SchemaNode | undefined, pointer: string): SchemaNode | undefined {
  let node = schema;
  for (const part of pointer.split('/').filter(Boolean)) {
    node = node?.properties?.[part] ?? node?.items;
  }
  return node;
}

/** `a, b and c` (at most 12 names, then "…"). */
function listOf(names: string[]): string {
  const shown = names.length > 20 ? [...names.slice(0, 20), '…'] : names;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)!}` : shown[0]!;
}

/** The values a field allows, in a sentence: `one of: 4x6, 4x8` (or `4x6` for one). */
function allowed(values: readonly unknown[]): string {
  const shown = values.map((v) => (v === null ? 'null' : String(v)));
  return shown.length === 1 ? shown[0]! : `one of: ${shown.join(', ')}`;
}

/**
 * The values the schema at a JSON pointer allows, when it is a list of values: an `enum`, a
 * `const`, or a union of `const`s (TypeBox's union of literals, which Ajv reports as several
 * `const` failures, each "must be equal to constant", then an `anyOf`).
 */
function allowedValues(node: SchemaNode | undefined): unknown[] | undefined {
  if (!node) return undefined;
  if (Array.isArray(node.enum)) return node.enum;
  if (node.const !== undefined) return [node.const];
  const branches = node.anyOf;
  if (branches && branches.length > 0) {
    const values: unknown[] = [];
    for (const branch of branches) {
      if (branch.const !== undefined) values.push(branch.const);
      else if (Array.isArray(branch.enum)) values.push(...branch.enum);
      else if (branch.type === 'null') values.push(null);
      else return undefined;
    }
    return values;
  }
  return undefined;
}

/** Formats said as what a person should write. */
const FORMAT_NAMES: Record<string, string> = {
  date: 'a date as YYYY-MM-DD',
  'date-time': 'a date and time in ISO 8601 (2026-11-22T09:15:00Z)',
  email: 'an email address',
  uri: 'an absolute URL (https://…)',
  url: 'an absolute URL (https://…)',
};

/** What a JSON type is called in a sentence. */
const TYPE_NAMES: Record<string, string> = {
  object: 'a JSON object',
  array: 'a JSON array',
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};

/** Limits said in words (`must be at most 365`), not as a schema's operators (`<= 365`). */
const RULES: Record<string, (params: Record<string, unknown>) => string> = {
  enum: ({ allowedValues: values }) => `must be ${allowed(values as unknown[])}`,
  const: ({ allowedValue }) => `must be ${allowed([allowedValue])}`,
  format: ({ format }) =>
    `must be ${FORMAT_NAMES[String(format)] ?? `in the ${String(format)} format`}`,
  // `\S` (TypeBox `pattern: '\\S'`) is the usual "not blank"; other patterns are shown as written.
  pattern: ({ pattern }) =>
    pattern === '\\S' ? 'must not be blank' : `must match the pattern ${String(pattern)}`,
  multipleOf: ({ multipleOf }) => `must be a multiple of ${String(multipleOf)}`,
  uniqueItems: () => 'must not list the same item twice',
  minProperties: ({ limit }) =>
    limit === 1 ? 'must set at least one field' : `must set at least ${String(limit)} fields`,
  maximum: ({ limit }) => `must be at most ${String(limit)}`,
  minimum: ({ limit }) => `must be at least ${String(limit)}`,
  exclusiveMaximum: ({ limit }) => `must be less than ${String(limit)}`,
  exclusiveMinimum: ({ limit }) => `must be more than ${String(limit)}`,
  maxLength: ({ limit }) => `must be at most ${String(limit)} characters long`,
  minLength: ({ limit }) =>
    limit === 1 ? 'must not be empty' : `must be at least ${String(limit)} characters long`,
  maxItems: ({ limit }) => `must have at most ${String(limit)} items`,
  minItems: ({ limit }) => `must have at least ${String(limit)} items`,
};

/** The fields an object schema names (none for a free-form object). */
function knownFields(node: SchemaNode | undefined): string[] {
  return Object.keys(node?.properties ?? {});
}

/**
 * One schema failure as a field name and a sentence a person can act on. `schema` is the failing
 * part's whole schema (the route's body, query or params), to name the fields it expects.
 */
export function describeValidation(
  issue: AjvIssue,
  context: string | undefined,
  schema?: SchemaNode,
): AppError {
  const base = dotted(issue.instancePath);
  let param = base;
  let message: string;
  switch (issue.keyword) {
    case 'required':
      param = join(base, String(issue.params.missingProperty));
      message = `${param} is required.`;
      break;
    case 'additionalProperties': {
      param = join(base, String(issue.params.additionalProperty));
      const known = knownFields(schemaAt(schema, issue.instancePath));
      message =
        known.length > 0
          ? `${param} is not a known field; the known ones are ${listOf(known)}.`
          : `${param} is not a known field.`;
      break;
    }
    case 'type': {
      const what =
        param ||
        (context === 'body' ? 'The body' : context === 'querystring' ? 'The query' : 'The value');
      // A nullable field allows two types: "a string or null", not "string,null".
      const types = String(issue.params.type).split(',');
      const expected = types.map((type) => TYPE_NAMES[type] ?? type).join(' or ');
      const known = types.includes('object')
        ? knownFields(schemaAt(schema, issue.instancePath))
        : [];
      message =
        known.length > 0
          ? `${what} must be ${expected} with the fields ${listOf(known)}.`
          : `${what} must be ${expected}.`;
      break;
    }
    case 'const':
    case 'anyOf': {
      // A union of literals: the allowed values come from the schema, not from one branch.
      const what = param || 'The value';
      const values = allowedValues(schemaAt(schema, issue.instancePath));
      const rule = values
        ? `must be ${allowed(values)}`
        : issue.keyword === 'const'
          ? RULES.const!(issue.params)
          : 'does not have an allowed form';
      message = `${what} ${rule}.`;
      break;
    }
    default: {
      const what =
        param ||
        (context === 'body' ? 'The body' : context === 'querystring' ? 'The query' : 'The value');
      message = `${what} ${RULES[issue.keyword]?.(issue.params) ?? issue.message ?? 'is invalid'}.`;
    }
  }
  return new AppError('validation_failed', { message, ...(param ? { param } : {}) });
}

/** Fastify's router refuses longer path parameters (its default). */
export const MAX_PARAM_LENGTH = 100;

/** The path quoted in a router error (`'/v1/…' is not a valid url component`), cut to a readable length. */
function shorten(fastifyMessage: string): string {
  const quoted = /^'(.*)'/s.exec(fastifyMessage)?.[1] ?? '';
  return JSON.stringify(quoted.length > 80 ? `${quoted.slice(0, 77)}...` : quoted);
}

/** Fastify's own failures mapped to our codes, so every error has the documented shape. */
export function toAppError(
  err: FastifyError & { validation?: AjvIssue[]; validationContext?: string },
  routeSchema?: Record<string, unknown>,
): AppError | null {
  if (err instanceof AppError) return err;
  if (err.validation && err.validation.length > 0) {
    const context = err.validationContext;
    if (context === 'querystring' && err.validation[0]!.instancePath === '/starting_after') {
      return new AppError('invalid_cursor', { param: 'starting_after' });
    }
    const schema = context ? (routeSchema?.[context] as SchemaNode | undefined) : undefined;
    return describeValidation(err.validation[0]!, context, schema);
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', {
        message: 'Unsupported content type: send application/json (or text/csv for uploads).',
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_json', { message: 'The body is empty but declared as JSON.' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('invalid_json');
    case 'FST_ERR_BAD_URL':
      return new AppError('invalid_url', {
        message: `The path ${shorten(err.message)} is not a valid URL: a % must start a percent-encoded byte (%20, %C3%A9).`,
      });
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('path_too_long', {
        message: `A part of the path ${shorten(err.message)} is over ${MAX_PARAM_LENGTH} characters; no id, order number or barcode is that long.`,
      });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('validation_failed', {
        message: 'Content-Length does not match the body.',
      });
  }
  // The database's disk is full: a 503 that says so, not a 500 (docs/operate.md, "A full disk").
  if (isDiskFull(err)) return new AppError('disk_full', { retryAfter: 30 });
  if (err instanceof SyntaxError || err.name === 'SyntaxError') return new AppError('invalid_json');
  if (err.statusCode === 413) return new AppError('payload_too_large');
  if (err.statusCode === 415) return new AppError('unsupported_media_type');
  if (err.statusCode === 400) return new AppError('validation_failed', { message: err.message });
  return null;
}

export function errorBody(err: AppError, requestId: string): ErrorBody {
  return {
    error: {
      type: KIND_HTTP[err.kind].type,
      code: err.code,
      message: err.message,
      ...(err.param ? { param: err.param } : {}),
      ...(err.errors ? { errors: err.errors } : {}),
      request_id: requestId,
    },
  };
}

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  err: AppError,
): FastifyReply {
  if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
  return reply
    .header('request-id', request.id)
    .code(KIND_HTTP[err.kind].status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(errorBody(err, request.id));
}

export function handleError(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const mapped = toAppError(err, request.routeOptions?.schema as Record<string, unknown>);
  if (mapped?.code === 'disk_full') {
    request.log.error({ err, request_id: request.id }, 'the disk of the database is full');
  }
  if (mapped) return sendError(reply, request, mapped);
  // Unexpected: logged with the request id; the body never carries a stack trace.
  request.log.error({ err, request_id: request.id }, 'unhandled error');
  return sendError(reply, request, new AppError('internal_error'));
}
