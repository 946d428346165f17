// The staff app in English (converted so far: the frame and its menu; docs/languages.md).
import orders from './orders/en.js';
import factory from './factory/en.js';
import sso from './sso/en.js';
import stations from './stations/en.js';
import integrations from './integrations/en.js';
import access from './access/en.js';
import setup from './setup/en.js';
import common from './common/en.js';
import returns from './returns/en.js';
import audit from './audit/en.js';
import operators from './operators/en.js';
import dispatch from './dispatch/en.js';
import retailers from './retailers/en.js';
import live from './live/en.js';
import reports from './reports/en.js';
import printers from './printers/en.js';
import board from './board/en.js';

export default {
  returns,
  common,
  setup,
  access,
  integrations,
  stations,
  sso,
  factory,
  dispatch,
  retailers,
  face: 'Staff',
  sign_in_title: 'Staff sign-in',
  new_install: 'New install with no admin yet? <a>Create the first admin</a>.',
  user: '{{name}} ({{role}})',
  role: { admin: 'admin', supervisor: 'supervisor' },
  backup: {
    label: 'Backup failed',
    failed: 'The scheduled backup of {{time}} failed',
    no_reason: 'no reason was recorded',
    not_a_backup: 'It is not a backup.',
    latest_good: 'The latest good backup is from {{time}}.',
    none_good: 'There is no good scheduled backup yet.',
    settings: 'Backup settings',
  },
  nav: {
    orders: 'Orders',
    stations: 'Stations',
    returns: 'Returns',
    retailers: 'Retailers',
    integrations: 'Integrations',
    factory: 'Factory',
    dispatch: 'Dispatch',
    printers: 'Printers',
    operators: 'Operators',
    reports: 'Reports',
    audit: 'Audit',
  },
  order_status: {
    awaiting_production: 'Awaiting production',
    in_production: 'In production',
    produced: 'Produced',
    in_stock: 'In stock',
    partially_dispatched: 'Partially dispatched',
    dispatched: 'Dispatched',
    cancelled: 'Cancelled',
  },
  orders,
  audit,
  operators,
  reports,
  live,
  printers,
  board,
};
