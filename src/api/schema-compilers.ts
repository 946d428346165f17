import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { Ajv, type Options as AjvOptions, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

/**
 * How route schemas become validators (Ajv) and response serializers (fast-json-stringify).
 *
 * Fastify compiles every route's schemas before it listens. For this API that was most of the
 * daemon's start-up time (DESIGN §10: ready ≤ 0.5 s) and a good part of its idle memory, spent on
 * routes a factory may never call — twice for a GET, whose automatic HEAD route compiles again.
 * So by default each compiler returns a stand-in that compiles on its first call and keeps the
 * result: the same code, built with the same options, then answers every request, and answers
 * and validation errors are those of eager compilation.
 *
 * What moves is when a broken schema shows. In eager mode (`buildApp({ eagerSchemas: true })`,
 * used by a test) every schema compiles while the app is built and is first checked against the
 * JSON Schema meta-schema; the lazy mode skips that check, which would compile the meta-schema
 * on the first request of each Ajv instance (~20 ms).
 */

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;
type DataValidationCxt = Parameters<ValidateFunction>[1];

// ajv-formats ships CommonJS with a default export.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

function makeAjv(options: AjvOptions): Ajv {
  const ajv = new Ajv({ allErrors: false, useDefaults: true, strict: false, ...options });
  addFormats(ajv);
  return ajv;
}

/** What Fastify calls to validate a request part: an Ajv function compiled on first use. */
export interface LazyValidator {
  (data: unknown, dataCxt?: DataValidationCxt): boolean;
  errors: ValidateFunction['errors'];
  /**
   * Fastify hands Ajv the request as parent data (so that coercion can replace a root value)
   * only when the validator has a `schemaEnv`, as a compiled Ajv function does: reading it
   * compiles.
   */
  readonly schemaEnv: ValidateFunction['schemaEnv'];
}

export function lazyValidator(ajv: Ajv, schema: object): LazyValidator {
  let compiled: ValidateFunction | undefined;
  const compile = (): ValidateFunction => (compiled ??= ajv.compile(schema));
  const validate = ((data: unknown, dataCxt?: DataValidationCxt): boolean => {
    const fn = compile();
    const valid = fn(data, dataCxt);
    validate.errors = fn.errors;
    return valid;
  }) as LazyValidator;
  validate.errors = null;
  Object.defineProperty(validate, 'schemaEnv', { get: () => compile().schemaEnv });
  return validate;
}

/**
 * A schema without its `$id`s. They name schemas for the OpenAPI document (openapi-document.ts);
 * to Ajv an `$id` is a global name, and a named schema that is one route's body and nested in
 * another's (`HardwareCheckCreate` in `ScanCreate`) would be "already exists" on the second.
 * Memoized by identity, so one schema gives one copy (Ajv caches compiled schemas by identity).
 */
const unnamed = new WeakMap<object, unknown>();
export function withoutIds<T>(schema: T): T {
  if (schema === null || typeof schema !== 'object') return schema;
  const known = unnamed.get(schema);
  if (known !== undefined) return known as T;
  const copy: unknown = Array.isArray(schema)
    ? schema.map((item: unknown) => withoutIds(item))
    : Object.fromEntries(
        Object.entries(schema)
          .filter(([key]) => key !== '$id')
          .map(([key, value]) => [key, withoutIds(value)]),
      );
  unnamed.set(schema, copy);
  return copy as T;
}

const defaultSerializerFactory = SerializerSelector();

/**
 * Fastify's own serializer factory (fast-json-stringify with the app's shared schemas and
 * options), each route's serializer built on its first answer.
 */
export const lazySerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = defaultSerializerFactory(externalSchemas, options);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) =>
      (serialize ??= compile({ ...route, schema: withoutIds(route.schema) }))(data);
  };
};

/** Fastify's own serializer factory, each route's serializer built at once (without `$id`s). */
const eagerSerializerFactory: SerializerFactory = (externalSchemas, options) => {
  const compile = defaultSerializerFactory(externalSchemas, options);
  return (route) => compile({ ...route, schema: withoutIds(route.schema) });
};

/** The `schemaController.compilersFactory` of the app's Fastify options. */
export function routeSchemaCompilers({ eager }: { eager: boolean }): CompilersFactory {
  // Bodies are strict (no coercion: "5" is not a number); query strings and paths are text,
  // so they are coerced to the declared types.
  const common = { removeAdditional: false, validateSchema: eager } as const;
  const bodyAjv = makeAjv({ ...common, coerceTypes: false });
  const queryAjv = makeAjv({ ...common, coerceTypes: 'array' });
  const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
    const plain = withoutIds(schema as object);
    return eager ? ajv.compile(plain) : lazyValidator(ajv, plain);
  };
  return {
    // Typed by @fastify/ajv-compiler as returning Ajv's own `compile`; Fastify calls the
    // compiler with the route's schema definition, which is what FastifySchemaCompiler takes.
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: eager ? eagerSerializerFactory : lazySerializerFactory,
  };
}
