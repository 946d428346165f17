import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditChanges, type AuditActor } from '../domain/audit-chain.js';
import type { Principal } from '../core/auth/principal.js';
import { AuditScope, enterAuditScope } from '../core/audit/audit-scope.js';
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
      return { type: 'api_key', id: principal.apiKeyId, name: principal.name };
    case 'staff':
      return { type: 'staff', id: principal.staffUserId, name: principal.name };
    case 'retailer':
      return { type: 'retailer_user', id: principal.retailerUserId, name: principal.name };
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

  // The handler's synchronous stretch runs with the scope entered: a use case that opens its
  // transaction at once finds it there; one that waits first is handed `coreOf(request, core)`.
  app.addHook('onRoute', (route) => {
    const config = route.config?.audit;
    const methods = [route.method].flat().filter((m) => MUTATING.has(m));
    if (config === false || methods.length === 0) return;
    // Derived once per route, not per request.
    const actions = new Map(
      methods.map((m) => [m, { ...auditActionOf(m, route.url), ...config }] as const),
    );
    const handler = route.handler;
    route.handler = function auditedHandler(this: FastifyInstance, request, reply) {
      const action = actions.get(request.method);
      const scope = action && scopeOf(request, action);
      if (!scope) return handler.call(this, request, reply);
      request.auditScope = scope;
      // Once the handler has ended, the request's change is made or not made: a transaction of
      // it after that (none, normally) writes no row. Not at an abort: the handler goes on, and
      // what it changes then is written down.
      let answer: unknown;
      try {
        answer = enterAuditScope(scope, () => handler.call(this, request, reply));
      } catch (err) {
        scope.close();
        throw err;
      }
      if (answer instanceof Promise) return answer.finally(() => scope.close());
      scope.close();
      return answer;
    };
  });
}

function scopeOf(request: FastifyRequest, action: AuditAction): AuditScope | undefined {
  const principal = request.principal;
  const actor = principal && actorOf(principal);
  if (!actor) return undefined;
  const params = request.params as Record<string, string | undefined>;
  return new AuditScope({
    factoryId: principal.factoryId,
    actor,
    action: action.action,
    target: {
      type: action.target,
      id: action.targetParam === null ? null : (params[action.targetParam] ?? null),
    },
    requestId: request.id,
    ip: request.ip,
    changes: auditChanges(request.body),
  });
}
