import { authorised, errorResponse, listResponse, sampleOrder, startFakeApi } from './fake-api.js';
import type { FakeApi, Handler } from './fake-api.js';

export const API_KEY = 'sk_live_0123456789abcdefghijklmnopqrstuv';
export const STAFF_EMAIL = 'sam@factory.example';
export const STAFF_PASSWORD = 'correct horse battery staple';
export const SESSION_TOKEN = 'ss_0123456789abcdefghijklmnopqrstuv';
export const STATION_TOKEN = 'st_live_0123456789abcdefghijklmnopqrstu';

/** PDF-looking bytes, binary enough to tell a text mangling apart. */
export const LABEL_PDF = Buffer.concat([
  Buffer.from('%PDF-1.3\n'),
  Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7) % 256)),
  Buffer.from('\n%%EOF\n'),
]);

const SESSION_EXPIRES_AT = '2026-11-22T22:00:00.000Z';
const FACTORY = { id: 'fac_01JD0000000000000000000000', name: 'Acme Upholstery' };
const STAFF_USER = {
  id: 'usr_01JD0000000000000000000000',
  object: 'staff_user',
  email: STAFF_EMAIL,
  name: 'Sam Supervisor',
  role: 'admin',
  disabled: false,
  disabled_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
export const STARTER_PLAN = {
  id: 'starter',
  object: 'plan',
  name: 'Starter',
  description: 'One production line',
  currency: 'GBP',
  monthly_price_pence: 4900,
  annual_price_pence: 49000,
  vat_included: false,
  limits: { stations: 5, orders_per_month: 1000, staff_users: 3 },
};

export interface FactoryFake extends FakeApi {
  orders: ReturnType<typeof sampleOrder>[];
  sessionsEnded: string[];
}

/** The documented endpoints the CLI unit tests drive, with an API key, a staff login and 45 orders. */
export async function startFactoryFake(orderCount = 45): Promise<FactoryFake> {
  const orders = Array.from({ length: orderCount }, (_, index) =>
    sampleOrder(
      index + 1,
      index === 2 ? { status: 'in_stock', stuck: true, stuck_reason: 'waiting_since' } : {},
    ),
  );
  const sessionsEnded: string[] = [];
  const company: Record<string, unknown> = {
    object: 'company',
    id: 'fac_01JD0000000000000000000000',
    company: 'Acme Upholstery',
    name: 'Jo Owner',
    legal_name: 'Acme Upholstery Ltd',
    label_prefix: 'FD',
    company_number: null,
    vat_number: null,
    industry: null,
    address: {
      line1: '1 Mill Lane',
      line2: null,
      town: 'Leeds',
      postcode: 'LS1 1AA',
      country: 'GB',
    },
    factory_same_as_registered: null,
    billing_email: null,
    phone: null,
    po_number: null,
    job_title: null,
    mobile: null,
    terms_accepted: null,
    terms_accepted_at: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  };
  const settings = {
    object: 'settings',
    stuck_after_days: 7,
    timezone: 'Europe/London',
    station_app_scheme: 'factoryscan',
    session_ttl_hours: 12,
    label_size: '4x6',
    default_dpi: 203,
    webhook_retention_days: 30,
    webhook_allowed_hosts: [],
    public_url: null,
    backup_schedule: null,
    backup_dir: null,
    backup_keep: 7,
    operator_idle_minutes: null,
    gs1_company_prefix: null,
    print_rules: [],
    updated_at: '2026-11-01T00:00:00.000Z',
  };
  const anyStaffOrKey =
    (handler: Handler): Handler =>
    (request) => {
      const header = request.headers.authorization;
      if (header === `Bearer ${SESSION_TOKEN}`) return handler(request);
      return authorised(API_KEY, handler)(request);
    };
  const routes: Record<string, Handler> = {
    'GET /v1/auth/me': anyStaffOrKey((request) => ({
      json:
        request.headers.authorization === `Bearer ${SESSION_TOKEN}`
          ? {
              kind: 'staff',
              factory: FACTORY,
              user: { id: STAFF_USER.id, email: STAFF_EMAIL, name: STAFF_USER.name, role: 'admin' },
              session: { id: 'ses_01', expires_at: SESSION_EXPIRES_AT },
              permissions: ['GET /v1/auth/me', 'GET /v1/orders'],
            }
          : {
              kind: 'api_key',
              factory: FACTORY,
              api_key: { id: 'key_01', name: 'initial' },
              permissions: ['GET /v1/auth/me', 'GET /v1/orders', 'DELETE /v1/api-keys/:id'],
            },
    })),
    'POST /v1/auth/login': (request) => {
      const body = request.json as { email: string; password: string };
      if (body.email === STAFF_EMAIL && body.password === STAFF_PASSWORD) {
        return {
          json: { token: SESSION_TOKEN, expires_at: SESSION_EXPIRES_AT, user: STAFF_USER },
        };
      }
      return errorResponse(
        401,
        'authentication_error',
        'invalid_credentials',
        'The email or password is wrong.',
      );
    },
    'POST /v1/auth/logout': anyStaffOrKey((request) => {
      sessionsEnded.push(String(request.headers.authorization));
      return {
        json: { object: 'session', id: 'ses_01', revoked_at: '2026-11-22T10:00:00.000Z' },
      };
    }),
    'GET /v1/orders': authorised(API_KEY, (request) => {
      let selected = orders;
      if (request.query.get('stuck') === 'true') selected = orders.filter((order) => order.stuck);
      return listResponse(selected, request.query);
    }),
    'GET /v1/orders/:id': authorised(API_KEY, (request) => {
      if (request.params.id === 'boom') {
        return errorResponse(
          500,
          'api_error',
          'internal_error',
          'Something went wrong on our side.',
        );
      }
      const order = orders.find(
        (candidate) =>
          candidate.id === request.params.id || candidate.order_no === request.params.id,
      );
      if (!order) return errorResponse(404, 'not_found_error', 'not_found', 'No such order.');
      return {
        json: {
          ...order,
          pieces: [
            {
              id: 'pce_1',
              barcode: 'FD 0000001',
              line_no: 1,
              unit_no: 1,
              piece_no: 1,
              piece_name: 'Frame',
              status: 'produced',
              location: null,
              produced_at: '2026-11-22T09:30:00.000Z',
              in_stock_at: null,
              dispatched_at: null,
              label_printed_at: '2026-11-22T09:00:00.000Z',
            },
          ],
          scans: [
            {
              id: 'scn_0',
              event: 'produce',
              accepted: true,
              reason: null,
              location: null,
              station: 'Line 1',
              station_id: 'stn_00',
              barcode: 'FD 0000001',
              piece_id: 'pce_1',
              scanned_at: null,
              at: '2026-11-22T09:30:00.000Z',
              operator_id: null,
              operator_name: null,
              consignment_id: null,
              handling_unit_id: null,
            },
          ],
        },
      };
    }),
    'POST /v1/orders': authorised(API_KEY, (request) => {
      const body = request.json as { order_no: string };
      if (orders.some((order) => order.order_no === body.order_no)) {
        return errorResponse(
          409,
          'conflict_error',
          'order_exists',
          `Order ${body.order_no} already exists for this retailer.`,
          {
            param: 'order_no',
          },
        );
      }
      return {
        json: { ...sampleOrder(999, { order_no: body.order_no }), pieces: [], scans: [] },
      };
    }),
    'POST /v1/orders/upload': authorised(API_KEY, (request) => {
      const rows = request.body.toString('utf8').trim().split('\n').slice(1);
      const bad = rows.findIndex((row) => row.split(',')[4] === 'x');
      if (bad >= 0) {
        return errorResponse(
          400,
          'invalid_request_error',
          'invalid_csv',
          'The CSV file has errors; nothing was imported.',
          {
            errors: [
              {
                row: bad + 2,
                column: 'qty',
                code: 'invalid_integer',
                message: 'qty must be a whole number',
              },
            ],
          },
        );
      }
      const orderNos = [...new Set(rows.map((row) => row.split(',')[0]))];
      const dryRun = request.query.get('dry_run') === 'true';
      return {
        json: {
          object: 'upload',
          dry_run: dryRun,
          orders_created: dryRun ? 0 : orderNos.length,
          orders: orderNos.slice(0, 3).map((orderNo, index) => ({
            id: dryRun ? null : `ord_up${index}`,
            order_no: orderNo,
            retailer_code: 'ACME',
            pieces_total: 3,
          })),
        },
      };
    }),
    'POST /v1/orders/:id/cancel': authorised(API_KEY, () =>
      errorResponse(
        409,
        'conflict_error',
        'order_not_cancellable',
        'A piece of this order is dispatched.',
      ),
    ),
    'GET /v1/orders/:id/labels': authorised(API_KEY, (request) =>
      request.query.get('format') === 'zpl'
        ? { body: '^XA^FDFD 0000001^FS^XZ\n', headers: { 'content-type': 'text/plain' } }
        : { body: LABEL_PDF, headers: { 'content-type': 'application/pdf' } },
    ),
    'POST /v1/pairing-codes': authorised(API_KEY, (request) => ({
      json: {
        id: 'pcd_01',
        code: 'BCDF-GHJK',
        qr: 'factoryscan://pair?code=BCDFGHJK',
        pair_url: 'http://factory.lan:8080/station#code=BCDF-GHJK',
        loopback_only: false,
        expires_in_seconds: 600,
        expires_at: '2026-11-22T10:10:00.000Z',
        name: (request.json as { name: string }).name,
        role: (request.json as { role: string }).role,
      },
    })),
    'POST /v1/stations/pair': (request) => {
      if (request.headers.authorization) {
        return errorResponse(
          400,
          'invalid_request_error',
          'malformed_request',
          'Pairing takes no token.',
        );
      }
      return {
        json: { id: 'stn_01', name: 'Packing 1', role: 'dispatch', token: STATION_TOKEN },
      };
    },
    'POST /v1/scans': (request) => {
      if (request.headers.authorization !== `Bearer ${STATION_TOKEN}`) {
        return errorResponse(
          401,
          'authentication_error',
          'invalid_token',
          'The token is not valid.',
        );
      }
      const { barcode } = request.json as { barcode: string };
      const accepted = barcode === 'FD 0000001';
      return {
        json: {
          id: 'scn_1',
          object: 'scan',
          accepted,
          reason: accepted ? null : 'label_voided',
          message: accepted ? 'Dispatched.' : 'This label was voided.',
          event: 'dispatch',
          barcode,
          location: null,
          station: 'Packing 1',
          station_id: 'stn_01',
          client_scan_id: null,
          scanned_at: null,
          at: '2026-11-22T10:00:00.000Z',
          test_label: false,
          operator_id: null,
          operator: null,
          piece: null,
          order: null,
          consignment_id: null,
          handling_unit_id: null,
          consignment: null,
        },
      };
    },
    'GET /v1/settings': authorised(API_KEY, () => ({ json: settings })),
    'PATCH /v1/settings': authorised(API_KEY, (request) => ({
      json: { ...settings, ...(request.json as object) },
    })),
    'GET /v1/company': authorised(API_KEY, () => ({ json: company })),
    'PATCH /v1/company': authorised(API_KEY, (request) => {
      const body = request.json as Record<string, unknown>;
      if ('updated_at' in body) {
        return errorResponse(400, 'invalid_request_error', 'validation_failed', 'Unknown field.', {
          param: 'updated_at',
        });
      }
      Object.assign(company, body);
      return { json: company };
    }),
    'DELETE /v1/api-keys/:id': anyStaffOrKey((request) =>
      request.headers.authorization === `Bearer ${SESSION_TOKEN}`
        ? errorResponse(
            403,
            'permission_error',
            'forbidden',
            'This token may not perform this operation.',
          )
        : {
            json: {
              id: request.params.id,
              object: 'api_key',
              revoked_at: '2026-11-22T10:00:00.000Z',
            },
          },
    ),
    'GET /v1/plans': authorised(API_KEY, () => ({
      json: {
        object: 'list',
        data: [STARTER_PLAN],
        has_more: false,
        next_cursor: null,
      },
    })),
  };
  const api = await startFakeApi(routes);
  return { ...api, orders, sessionsEnded };
}
