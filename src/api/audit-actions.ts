/**
 * The audit action (`<resource>.<verb>`) and target of a mutating route, derived from its method
 * and path so that a new route is audited with no work (DESIGN §17):
 *
 * - `POST /v1/orders` → `order.create` (target: the id the use case returns);
 * - `POST /v1/orders/:id/cancel` → `order.cancel` (target: `:id`);
 * - `PATCH /v1/returns/:id` → `return.update`, `DELETE /v1/api-keys/:id` → `api_key.delete`;
 * - `POST /v1/retailers/:id/users` → `user.create` under a record: a plural last word creates;
 * - `POST /v1/orders/upload` → `order.upload`; `PATCH /v1/settings` → `settings.update`.
 *
 * A route may say otherwise with `config: { audit: { action, target } }`, or `audit: false` for
 * what is its own ledger (scans); a few existing routes are renamed below, where the path reads
 * badly as an action.
 */
export interface AuditAction {
  action: string;
  /** The target's type. */
  target: string;
  /** The path parameter that names the target; null: the id of what the use case returned. */
  targetParam: string | null;
}

const RENAMED: Record<string, Partial<AuditAction>> = {
  'POST /v1/retailers/:id/users': { action: 'retailer_user.create', target: 'retailer_user' },
  'PATCH /v1/retailers/:id/users/:uid': { action: 'retailer_user.update', target: 'retailer_user' },
  'DELETE /v1/retailers/:id/users/:uid': {
    action: 'retailer_user.delete',
    target: 'retailer_user',
  },
  'POST /v1/retailers/:id/users/:uid/password-link': {
    action: 'retailer_user.password_link',
    target: 'retailer_user',
  },
  'POST /v1/portal/users/:uid/password': {
    action: 'retailer_user.set_password',
    target: 'retailer_user',
  },
  'POST /v1/portal/users/:uid/password-link': {
    action: 'retailer_user.password_link',
    target: 'retailer_user',
  },
  'POST /v1/webhooks/deliveries/:id/retry': {
    action: 'webhook_delivery.retry',
    target: 'webhook_delivery',
  },
  'POST /v1/stations/pairing-codes': { action: 'pairing_code.create', target: 'pairing_code' },
};

const isParam = (segment: string | undefined): boolean => segment?.startsWith(':') ?? false;
const word = (segment: string): string => segment.replace(/-/g, '_');
const isPlural = (segment: string): boolean => /[^su]s$/.test(segment);
function singular(segment: string): string {
  const w = word(segment);
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  return isPlural(w) ? w.slice(0, -1) : w;
}
const VERB_OF_METHOD: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/** The action of `method` on the route `url` (`/v1/orders/:id/cancel`, Fastify's form). */
export function auditActionOf(method: string, url: string): AuditAction {
  const derived = derive(method, url);
  const renamed = RENAMED[`${method} ${url}`];
  return renamed ? { ...derived, ...renamed } : derived;
}

function derive(method: string, url: string): AuditAction {
  const segments = url.replace(/^\/v1\//, '').split('/');
  if (segments[0] === 'portal' && segments.length > 1) segments.shift();
  const last = segments[segments.length - 1]!;
  const before = segments[segments.length - 2];
  const methodVerb = VERB_OF_METHOD[method] ?? method.toLowerCase();
  if (isParam(last)) {
    const resource = singular(before ?? 'record');
    return { action: `${resource}.${methodVerb}`, target: resource, targetParam: last.slice(1) };
  }
  if (method === 'POST' && isPlural(last)) {
    const resource = singular(last);
    return { action: `${resource}.create`, target: resource, targetParam: null };
  }
  if (isParam(before)) {
    // An action on a record: /orders/:id/cancel.
    const resource = singular(segments[segments.length - 3] ?? 'record');
    return {
      action: `${resource}.${word(last)}`,
      target: resource,
      targetParam: before!.slice(1),
    };
  }
  if (method === 'POST' && before !== undefined) {
    // An action on a collection or a service: /orders/upload, /auth/logout.
    const resource = singular(before);
    return { action: `${resource}.${word(last)}`, target: resource, targetParam: null };
  }
  // A single record of the factory: /company, /settings.
  const resource = word(last);
  return { action: `${resource}.${methodVerb}`, target: resource, targetParam: null };
}
