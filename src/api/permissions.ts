import type { Principal } from '../core/auth/principal.js';

/**
 * Who may call what: one declared table for every route. The auth hook enforces it, the
 * permission-matrix test walks it, and docs/permissions.md shows it. A route missing from the
 * table is refused to everyone (fail closed), and a test fails when a route has no entry.
 *
 * Actors: an API key (`api_key`), a staff session by role (`admin`, `supervisor`), a retailer
 * portal session (`retailer`), a station token (`station`). `public` needs no token.
 */
export type Actor = 'api_key' | 'admin' | 'supervisor' | 'retailer' | 'station';
export type Access = readonly Actor[] | 'public';

const ADMIN: Access = ['api_key', 'admin'];
/** Admins plus supervisors: reading the floor, pairing, returns, voiding labels. */
const STAFF: Access = ['api_key', 'admin', 'supervisor'];
const RETAILER: Access = ['retailer'];
const STATION: Access = ['station'];

export const ROUTE_ACCESS: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /v1/openapi.json': 'public',

  'POST /v1/api-keys': ADMIN,
  'GET /v1/api-keys': ADMIN,
  'DELETE /v1/api-keys/:id': ADMIN,

  'GET /v1/company': ADMIN,
  'PATCH /v1/company': ADMIN,
  'GET /v1/settings': STAFF,
  'PATCH /v1/settings': ADMIN,
  'GET /v1/plans': STAFF,

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
  'GET /v1/orders': STAFF,
  'GET /v1/order-counts': STAFF,
  'GET /v1/orders/:id': STAFF,
  'POST /v1/orders/:id/cancel': ADMIN,
  'GET /v1/orders/:id/labels': STAFF,

  'POST /v1/items/:barcode/void': STAFF,
  'GET /v1/orders/:id/voided-labels': STAFF,
  'GET /v1/items/:barcode/label': STAFF,
  'GET /v1/hardware/test-label': STAFF,

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

  'POST /v1/returns': STAFF,
  'GET /v1/returns': STAFF,
  'GET /v1/returns/:id': STAFF,
  'PATCH /v1/returns/:id': STAFF,

  'POST /v1/webhooks': ADMIN,
  'GET /v1/webhooks': ADMIN,
  'GET /v1/webhooks/:id': ADMIN,
  'PATCH /v1/webhooks/:id': ADMIN,
  'DELETE /v1/webhooks/:id': ADMIN,
  'GET /v1/webhooks/deliveries': ADMIN,
  'GET /v1/webhooks/deliveries/:id': ADMIN,
  'POST /v1/webhooks/:id/test': ADMIN,
  'POST /v1/webhooks/deliveries/:id/retry': ADMIN,

  'POST /v1/auth/login': 'public',
  'POST /v1/auth/logout': ['admin', 'supervisor'],
  'GET /v1/auth/me': STAFF,
  'POST /v1/staff': ADMIN,
  'GET /v1/staff': ADMIN,
  'GET /v1/staff/:id': ADMIN,
  'PATCH /v1/staff/:id': ADMIN,
  'DELETE /v1/staff/:id': ADMIN,

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
  }
}
