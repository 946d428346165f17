import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.js';
import type { CoreContext } from '../core/context.js';
import {
  claimOrAwaitIdempotencyKey,
  completeIdempotencyKey,
  replaceIdempotentAnswer,
  storeIdempotentAnswer,
  type ClaimedKey,
} from '../core/idempotency.js';
import type { Tx } from '../core/transaction.js';

const MAX_KEY_LENGTH = 255;
const JSON_TYPE = 'application/json; charset=utf-8';

/** A claimed key of one request, and the answer its use case's transaction stored, if any. */
export interface RequestClaim extends ClaimedKey {
  storedBody?: string;
  /** The core the route's use case runs with: it stores the answer in the use case's transaction. */
  core: CoreContext;
}

/**
 * What makes two requests "the same" for a key: method, URL and body — a JSON body as canonical
 * JSON (object keys sorted at every depth), so the same fields sent in another order are the same
 * request; a CSV body as its text.
 */
export function requestHash(method: string, url: string, body: unknown): string {
  const text = typeof body === 'string' ? body : canonicalJson(body ?? null);
  return createHash('sha256').update(`${method} ${url}\n${text}`).digest('hex');
}

/** JSON with every object's keys in code-point order; arrays keep theirs. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const IDEMPOTENCY_HEADER = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      description: `Up to ${MAX_KEY_LENGTH} characters. The same key and request within 24 h answer the first answer again (header idempotent-replayed: true) instead of acting twice.`,
    },
  },
};

/**
 * `Idempotency-Key` for routes declared with `config: { idempotent: true }` (the creating POSTs).
 * Runs after authentication and body parsing, so keys are per factory and bodies are compared.
 *
 * The answer is stored by the use case's own transaction (the `beforeCommit` of the core this
 * returns, which routes use): a change and its answer commit together, so a crash between them
 * cannot leave a key claimed for a change made but never answered. A claim whose request died
 * before changing anything is taken over by a retry once its lease runs out (core/idempotency.ts).
 * The route hands its use case `coreOf(request, core)`: the request is passed explicitly, not
 * found through async context (which would tax every promise of the process).
 */
export function registerIdempotency(app: FastifyInstance, core: CoreContext): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    // Documented on the operation, so clients generated from the OpenAPI document offer it.
    route.schema = { ...route.schema, headers: IDEMPOTENCY_HEADER };
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new AppError('validation_failed', {
        param: 'Idempotency-Key',
        message: `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`,
      });
    }
    const claim = await claimOrAwaitIdempotencyKey(
      core,
      request.principal!.factoryId,
      key,
      requestHash(request.method, request.url, request.body),
    );
    if (claim.kind === 'replay') {
      return reply
        .code(claim.status)
        .header('idempotent-replayed', 'true')
        .type(claim.contentType)
        .serializer((p: unknown) => p as string)
        .send(claim.body);
    }
    const held: RequestClaim = {
      ...claim.claim,
      core: { ...core, beforeCommit: (tx, result) => answerInTransaction(held, reply, tx, result) },
    };
    request.idempotency = held;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    const answer = {
      status: reply.statusCode,
      body: typeof payload === 'string' ? payload : '',
      contentType: String(reply.getHeader('content-type') ?? JSON_TYPE),
    };
    if (claim.storedBody === undefined || answer.status >= 500) {
      await completeIdempotencyKey(core, claim, answer);
    } else if (answer.body !== claim.storedBody || answer.status !== 200) {
      await replaceIdempotentAnswer(core, claim, answer);
    }
    return payload;
  });
}

/**
 * The core a route runs its use case with: for a request that holds an Idempotency-Key (creating
 * routes, `config: { idempotent: true }`), one whose transaction also stores the answer; for an
 * audited request, one that carries its audit scope, whenever its transaction starts.
 */
export function coreOf(request: FastifyRequest, core: CoreContext): CoreContext {
  const base = request.idempotency?.core ?? core;
  return request.auditScope ? { ...base, auditScope: request.auditScope } : base;
}

/**
 * Stores the answer of the running request's key in its use case's transaction: what the use case
 * returned, written by the route's serializer as the answer will be. Once per request (its first
 * transaction, the one that makes the change); if the route then answers something else, the
 * onSend hook replaces it.
 */
async function answerInTransaction(
  claim: RequestClaim,
  reply: FastifyReply,
  tx: Tx,
  result: unknown,
): Promise<void> {
  if (claim.storedBody !== undefined) return;
  let body: string;
  try {
    body = reply.serialize(result) as string;
  } catch (err) {
    // Not the route's answer (a use case that builds it after its transaction): the answer is
    // stored once written instead. test/api/idempotency.test.ts keeps every route off this path.
    reply.log.warn({ err }, 'idempotent answer not stored with the change');
    return;
  }
  await storeIdempotentAnswer(tx.trx, claim, { status: 200, body, contentType: JSON_TYPE });
  claim.storedBody = body;
}
