import type { Principal } from '../core/auth/principal.js';
import { API_KEY_SCOPES, type ApiKeyScope } from '../domain/api-key-scopes.js';

/**
 * Who may call what: one declared table for every route. The auth hook enforces it, the
 * permission-matrix test walks it, and docs/permissions.md shows it. A route missing from the
 * table is refused to everyone (fail closed), and a test fails when a route has no entry.
 *
 * Actors: an API key (`api_key`), a staff session by role (`admin`, `supervisor`), a retailer
 * portal session (`retailer`), a station token (`station`), a board's token (`board`: a device
 * paired with role board, DESIGN §16). `public` needs no token.
 */
export type Actor = 'api_key' | 'admin' | 'supervisor' | 'retailer' | 'station' | 'board';
export type Access = readonly Actor[] | 'public';

const ADMIN: Access = ['api_key', 'admin'];
/** Admins plus supervisors: reading the floor, pairing, returns, voiding labels. */
const STAFF: Access = ['api_key', 'admin', 'supervisor'];
const RETAILER: Access = ['retailer'];
const STATION: Access = ['station'];
/** What `/board` reads: staff's reads, and a board's. */
const FLOOR: Access = [...STAFF, 'board'];

export const ROUTE_ACCESS: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /v1/openapi.json': 'public',
  // Its own token, checked by the route (not an API key or a session): routes/metrics.routes.ts.
  'GET /metrics': 'public',

  'POST /v1/api-keys': ADMIN,
  'GET /v1/api-keys': ADMIN,
  'DELETE /v1/api-keys/:id': ADMIN,
  'POST /v1/api-keys/:id/roll': ADMIN,

  'GET /v1/company': ADMIN,
  'PATCH /v1/company': ADMIN,
  'GET /v1/settings': STAFF,
  'PATCH /v1/settings': ADMIN,
  'GET /v1/plans': STAFF,
  'GET /v1/backups': ADMIN,

  'POST /v1/retailers': ADMIN,
  'GET /v1/retailers': STAFF,
  'GET /v1/retailers/:id': STAFF,
  'PATCH /v1/retailers/:id': ADMIN,
  'POST /v1/retailers/:id/users': ADMIN,
  'GET /v1/retailers/:id/users': ADMIN,
  'PATCH /v1/retailers/:id/users/:uid': ADMIN,
  'DELETE /v1/retailers/:id/users/:uid': ADMIN,
  'POST /v1/retailers/:id/users/:uid/password-link': ADMIN,

  'POST /v1/orders': ADMIN,
  'POST /v1/orders/upload': ADMIN,
  'GET /v1/orders': FLOOR,
  'GET /v1/order-counts': FLOOR,
  'GET /v1/orders/:id': STAFF,
  'POST /v1/orders/:id/cancel': ADMIN,
  'PATCH /v1/orders/:id': ADMIN,
  'GET /v1/orders/:id/labels': STAFF,
  'GET /v1/orders/:id/labels.pdf': STAFF,
  'GET /v1/orders/:id/labels.zpl': STAFF,

  'POST /v1/items/:barcode/void': STAFF,
  'GET /v1/orders/:id/voided-labels': STAFF,
  'GET /v1/items/:barcode/label': STAFF,
  'GET /v1/items/:barcode/label.pdf': STAFF,
  'GET /v1/items/:barcode/label.zpl': STAFF,
  'GET /v1/hardware/test-label': STAFF,
  'GET /v1/hardware/test-label.pdf': STAFF,
  'GET /v1/hardware/test-label.zpl': STAFF,

  'POST /v1/pairing-codes': STAFF,
  'GET /v1/pairing-codes/:id': STAFF,
  // Former URLs of the two above, still answered (left out of the OpenAPI document).
  'POST /v1/stations/pairing-codes': STAFF,
  'GET /v1/stations/pairing-codes/:id': STAFF,
  'POST /v1/stations/pair': 'public',
  'GET /v1/stations': STAFF,
  'GET /v1/stations/:id': STAFF,
  'PATCH /v1/stations/:id': ADMIN,
  'DELETE /v1/stations/:id': ADMIN,
  'POST /v1/stations/:id/hardware-check': STAFF,
  'GET /v1/stations/:id/hardware-checks': STAFF,
  'POST /v1/scans': STATION,
  'GET /v1/scans': STAFF,

  'POST /v1/returns': STAFF,
  'GET /v1/returns': STAFF,
  'GET /v1/returns/:id': STAFF,
  'PATCH /v1/returns/:id': STAFF,

  // Dispatch (DESIGN §15): supervisors run the dock as admins do.
  'POST /v1/consignments': STAFF,
  'GET /v1/consignments': STAFF,
  'GET /v1/consignments/:id': STAFF,
  'POST /v1/consignments/:id/close': STAFF,
  'POST /v1/consignments/:id/cancel': STAFF,
  'POST /v1/consignments/:id/handling-units': STAFF,
  'GET /v1/consignments/:id/delivery-note': STAFF,
  'GET /v1/consignments/:id/labels': STAFF,
  'GET /v1/stations/me/consignment': STATION,
  'GET /v1/portal/consignments': RETAILER,
  'GET /v1/portal/consignments/:id/delivery-note': RETAILER,

  'POST /v1/webhooks': ADMIN,
  'GET /v1/webhooks': ADMIN,
  'GET /v1/webhooks/:id': ADMIN,
  'PATCH /v1/webhooks/:id': ADMIN,
  'DELETE /v1/webhooks/:id': ADMIN,
  'GET /v1/webhook-deliveries': ADMIN,
  'GET /v1/webhook-deliveries/:id': ADMIN,
  'POST /v1/webhook-deliveries/:id/retry': ADMIN,
  'POST /v1/webhooks/:id/test': ADMIN,
  // Former URLs of the deliveries, still answered (left out of the OpenAPI document).
  'GET /v1/webhooks/deliveries': ADMIN,
  'GET /v1/webhooks/deliveries/:id': ADMIN,
  'POST /v1/webhooks/deliveries/:id/retry': ADMIN,
  'POST /v1/webhooks/:id/rotate-secret': ADMIN,
  'GET /v1/events': ADMIN,
  'GET /v1/events/:id': ADMIN,
  'POST /v1/webhook-deliveries/retry': ADMIN,

  'POST /v1/printers': STAFF,
  'GET /v1/printers': STAFF,
  'GET /v1/printers/:id': STAFF,
  'PATCH /v1/printers/:id': STAFF,
  'DELETE /v1/printers/:id': STAFF,
  'POST /v1/print-jobs': STAFF,
  'GET /v1/print-jobs': STAFF,
  'GET /v1/print-jobs/:id': STAFF,
  'POST /v1/print-jobs/:id/cancel': STAFF,
  'POST /v1/print-jobs/:id/retry': STAFF,
  'GET /v1/stations/me/printer': STATION,
  'POST /v1/stations/me/reprint': STATION,
  'POST /v1/stations/me/test-label': STATION,

  'POST /v1/auth/login': 'public',
  'POST /v1/auth/logout': ['admin', 'supervisor'],
  'GET /v1/auth/me': STAFF,
  'POST /v1/staff': ADMIN,
  'GET /v1/staff': ADMIN,
  'GET /v1/staff/:id': ADMIN,
  'PATCH /v1/staff/:id': ADMIN,
  'DELETE /v1/staff/:id': ADMIN,

  'GET /v1/sso': ADMIN,
  'PATCH /v1/sso': ADMIN,
  'DELETE /v1/sso': ADMIN,
  'GET /v1/auth/oidc': 'public',
  'GET /v1/auth/oidc/start': 'public',
  'GET /v1/auth/oidc/callback': 'public',

  'POST /v1/portal/auth/login': 'public',
  'POST /v1/portal/auth/set-password': 'public',
  'POST /v1/portal/auth/logout': RETAILER,
  'GET /v1/portal/auth/me': RETAILER,
  'GET /v1/portal/orders': RETAILER,
  'GET /v1/portal/orders.csv': RETAILER,
  'GET /v1/portal/orders/:id': RETAILER,
  // An owner's only: the use cases refuse other roles (403), the table cannot tell roles apart.
  'GET /v1/portal/users': RETAILER,
  'POST /v1/portal/users/:uid/password': RETAILER,
  'POST /v1/portal/users/:uid/password-link': RETAILER,

  // The live floor (DESIGN §16). A retailer's stream carries its own orders' events only.
  'GET /v1/events/stream': ['api_key', 'admin', 'supervisor', 'retailer', 'board'],
  'GET /v1/reports/throughput': FLOOR,
  'GET /v1/reports/cycle-times': STAFF,
  'GET /v1/audit-log': ADMIN,
  'GET /v1/audit-log/verify': ADMIN,

  'POST /v1/operators': ADMIN,
  'GET /v1/operators': STAFF,
  'GET /v1/operators/sign-out-badge': STAFF,
  'GET /v1/operators/:id': STAFF,
  'PATCH /v1/operators/:id': ADMIN,
  'GET /v1/operators/:id/badge': STAFF,
};

export function accessFor(method: string, url: string): Access | undefined {
  return ROUTE_ACCESS[`${method} ${url}`];
}

export function actorOf(principal: Principal): Actor {
  switch (principal.kind) {
    case 'api_key':
      return 'api_key';
    case 'staff':
      return principal.role;
    case 'retailer':
      return 'retailer';
    case 'station':
      return 'station';
    case 'board':
      return 'board';
  }
}

/**
 * The scopes that grant a route to an API key (DESIGN §19), for the routes the table above opens
 * to `api_key`; `admin` grants every one of them. Routes not listed here: a read (GET) that a
 * supervisor may make needs `read`; anything else needs `admin`.
 */
const KEY_SCOPES_OF_ROUTE: Record<string, readonly ApiKeyScope[]> = {
  // Any key may ask who it is and what it may call.
  'GET /v1/auth/me': API_KEY_SCOPES,

  'POST /v1/orders': ['orders:write'],
  'POST /v1/orders/upload': ['orders:write'],
  'PATCH /v1/orders/:id': ['orders:write'],
  'POST /v1/orders/:id/cancel': ['orders:write'],

  // Printing marks labels printed, and voiding changes barcodes: neither is a mere read.
  'GET /v1/orders/:id/labels': ['labels'],
  'GET /v1/items/:barcode/label': ['labels'],
  'POST /v1/items/:barcode/void': ['labels'],
  'GET /v1/hardware/test-label': ['labels'],
  'GET /v1/orders/:id/voided-labels': ['read', 'labels'],

  'POST /v1/webhooks': ['webhooks'],
  'GET /v1/webhooks': ['webhooks'],
  'GET /v1/webhooks/:id': ['webhooks'],
  'PATCH /v1/webhooks/:id': ['webhooks'],
  'DELETE /v1/webhooks/:id': ['webhooks'],
  'GET /v1/webhooks/deliveries': ['webhooks'],
  'GET /v1/webhooks/deliveries/:id': ['webhooks'],
  'POST /v1/webhooks/:id/test': ['webhooks'],
  'POST /v1/webhooks/deliveries/:id/retry': ['webhooks'],
  'POST /v1/webhooks/:id/rotate-secret': ['webhooks'],
  'GET /v1/webhook-deliveries': ['webhooks'],
  'GET /v1/webhook-deliveries/:id': ['webhooks'],
  'POST /v1/webhook-deliveries/:id/retry': ['webhooks'],
  'POST /v1/webhook-deliveries/retry': ['webhooks'],
  // A receiver's replay, and a reader's history.
  'GET /v1/events': ['read', 'webhooks'],
  'GET /v1/events/:id': ['read', 'webhooks'],

  // Printing labels is the labels scope's; the printers themselves are an admin's.
  'POST /v1/print-jobs': ['labels'],
  'POST /v1/print-jobs/:id/cancel': ['labels'],
  'POST /v1/print-jobs/:id/retry': ['labels'],
  'GET /v1/print-jobs': ['read', 'labels'],
  'GET /v1/print-jobs/:id': ['read', 'labels'],
};

/** The scopes that let an API key call `METHOD /route` (empty when no key may). */
export function keyScopesFor(route: string): readonly ApiKeyScope[] {
  const access = ROUTE_ACCESS[route];
  if (!access || access === 'public' || !access.includes('api_key')) return [];
  const listed = KEY_SCOPES_OF_ROUTE[route];
  const scopes: readonly ApiKeyScope[] =
    listed ?? (route.startsWith('GET ') && access.includes('supervisor') ? ['read'] : []);
  return ['admin', ...scopes.filter((s) => s !== 'admin')];
}

/**
 * Whether a caller may call the route `METHOD /route`: the table says which actors may, and an
 * API key's scopes must also grant it. (Public routes are the caller's to let through first.)
 */
export function mayCall(principal: Principal, route: string): boolean {
  const access = ROUTE_ACCESS[route];
  if (!access) return false;
  if (access === 'public') return true;
  if (!access.includes(actorOf(principal))) return false;
  if (principal.kind !== 'api_key') return true;
  const granting = keyScopesFor(route);
  return principal.scopes.some((scope) => granting.includes(scope));
}
