import { ERROR_CODES } from '../domain/errors.js';
import { KIND_HTTP } from './errors.js';

/** The parts of an OpenAPI document this module touches. */
interface Operation {
  parameters?: Array<{ in: string; required?: boolean; schema?: { default?: unknown } }>;
  responses?: Record<string, unknown>;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The error envelope (docs/errors.md) as a schema of the document, codes and types listed. */
export const ERROR_ENVELOPE = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['type', 'code', 'message', 'request_id'],
      additionalProperties: false,
      properties: {
        type: { type: 'string', enum: [...new Set(Object.values(KIND_HTTP).map((k) => k.type))] },
        code: { type: 'string', enum: Object.keys(ERROR_CODES) },
        message: { type: 'string' },
        param: { type: 'string', description: 'The request field at fault, dotted when nested.' },
        errors: {
          type: 'array',
          description: 'Row-level problems of a CSV upload.',
          items: {
            type: 'object',
            required: ['code', 'message'],
            properties: {
              row: { type: 'integer' },
              column: { type: 'string' },
              code: { type: 'string' },
              message: { type: 'string' },
            },
          },
        },
        request_id: { type: 'string', description: 'Also the `request-id` header.' },
      },
    },
  },
} as const;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * Completes the document generated from the route schemas with what they do not say: every
 * operation answers errors in the envelope (4XX and 5XX, so a generated client types its errors),
 * and a query parameter with a default need not be sent.
 */
export function completeDocument<T extends object>(generated: T): T {
  const doc = generated as Document;
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, Error: ERROR_ENVELOPE };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      for (const parameter of operation.parameters ?? []) {
        if (parameter.schema?.default !== undefined) parameter.required = false;
      }
      operation.responses = {
        ...operation.responses,
        '4XX': errorResponse('The request was refused: the error envelope says why.'),
        '5XX': errorResponse('The server failed or is not ready: the error envelope.'),
      };
    }
  }
  return generated;
}
