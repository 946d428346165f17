import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../domain/errors.js';
import type { CoreContext } from '../core/context.js';
import { claimIdempotencyKey, completeIdempotencyKey } from '../core/idempotency.js';

const MAX_KEY_LENGTH = 255;

function requestHash(method: string, url: string, body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
  return createHash('sha256').update(`${method} ${url}\n${text}`).digest('hex');
}

/**
 * `Idempotency-Key` for routes declared with `config: { idempotent: true }` (the creating POSTs).
 * Runs after authentication and body parsing, so keys are per factory and bodies are compared.
 */
export function registerIdempotency(app: FastifyInstance, core: CoreContext): void {
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
    const factoryId = request.principal!.factoryId;
    const claim = await claimIdempotencyKey(
      core,
      factoryId,
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
    request.idempotency = { factoryId, key };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    await completeIdempotencyKey(core, claim.factoryId, claim.key, {
      status: reply.statusCode,
      body: typeof payload === 'string' ? payload : '',
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
    });
    return payload;
  });
}
