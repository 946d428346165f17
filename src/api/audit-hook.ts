import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditChanges, type AuditActor } from '../domain/audit-chain.js';
import type { Principal } from '../core/auth/principal.js';
import { AuditScope, runInAuditScope } from '../core/audit/audit-scope.js';
import { auditActionOf, type AuditAction } from './audit-actions.js';

declare module 'fastify' {
  interface FastifyRequest {
    auditScope: AuditScope | undefined;
  }
  interface FastifyContextConfig {
    /**
     * The route's audit action and target, when the one derived from its path (audit-actions.ts)
     * reads badly; `false`: the route is its own ledger (scans) and writes no audit row.
     */
    audit?: false | Partial<AuditAction>;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function actorOf(principal: Principal): AuditActor | null {
  switch (principal.kind) {
    case 'api_key':
      return { type: 'api_key', id: principal.apiKeyId, name: null };
    case 'staff':
      return { type: 'staff', id: principal.staffUserId, name: null };
    case 'retailer':
      return { type: 'retailer_user', id: principal.retailerUserId, name: null };
    case 'station':
      // A station records scans: their own ledger.
      return null;
    case 'board':
      // A board reads only; it is refused any change before its handler.
      return null;
  }
}

/**
 * The audit trail's API side (DESIGN §17): every mutating request made with a token (an API key,
 * a staff or retailer session) runs its handler in an audit scope that says who, what and on
 * what; the first use-case transaction of the request to commit writes the row
 * (core/transaction.ts). Reads, scans, public routes (sign-in, pairing a device) and requests
 * answered before their handler (a refused token, an idempotent replay) write none.
 *
 * Register before the routes, after idempotency (its claim is not the change).
 */
export function registerAuditTrail(app: FastifyInstance): void {
  app.decorateRequest('auditScope', undefined);

  // Callback style: the handler runs inside `done`, so in the scope's async context.
  app.addHook('preHandler', (request, _reply, done) => {
    const scope = scopeOf(request);
    if (!scope) return done();
    request.auditScope = scope;
    runInAuditScope(scope, done);
  });
  // Once the answer is on its way, the request's change is made or not made.
  app.addHook('onSend', async (request, _reply, payload) => {
    request.auditScope?.close();
    return payload;
  });
  app.addHook('onResponse', async (request) => request.auditScope?.end());
  app.addHook('onRequestAbort', async (request) => request.auditScope?.end());
}

function scopeOf(request: FastifyRequest): AuditScope | undefined {
  if (!MUTATING.has(request.method) || !request.principal) return undefined;
  const config = request.routeOptions.config.audit;
  const url = request.routeOptions.url;
  if (config === false || url === undefined) return undefined;
  const actor = actorOf(request.principal);
  if (!actor) return undefined;
  const derived = { ...auditActionOf(request.method, url), ...config };
  const params = request.params as Record<string, string | undefined>;
  return new AuditScope({
    factoryId: request.principal.factoryId,
    actor,
    action: derived.action,
    target: {
      type: derived.target,
      id: derived.targetParam === null ? null : (params[derived.targetParam] ?? null),
    },
    requestId: request.id,
    ip: request.ip,
    changes: auditChanges(request.body),
  });
}
