import orders from './orders/ro.js';
import factory from './factory/ro.js';
import sso from './sso/ro.js';
import stations from './stations/ro.js';
import integrations from './integrations/ro.js';
import access from './access/ro.js';
import setup from './setup/ro.js';
import common from './common/ro.js';
import returns from './returns/ro.js';
import audit from './audit/ro.js';
import operators from './operators/ro.js';
import dispatch from './dispatch/ro.js';
import retailers from './retailers/ro.js';
import live from './live/ro.js';
import reports from './reports/ro.js';
import printers from './printers/ro.js';
import board from './board/ro.js';

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
  face: 'Personal',
  sign_in_title: 'Conectare personal',
  new_install: 'Instalare nouă, fără administrator? <a>Creați primul administrator</a>.',
  user: '{{name}} ({{role}})',
  role: { admin: 'administrator', supervisor: 'supervizor' },
  backup: {
    label: 'Copia de siguranță a eșuat',
    failed: 'Copia de siguranță programată din {{time}} a eșuat',
    no_reason: 'nu s-a înregistrat niciun motiv',
    not_a_backup: 'Nu este o copie de siguranță.',
    latest_good: 'Ultima copie de siguranță bună este din {{time}}.',
    none_good: 'Încă nu există nicio copie de siguranță programată bună.',
    settings: 'Setări pentru copii de siguranță',
  },
  nav: {
    orders: 'Comenzi',
    stations: 'Posturi',
    returns: 'Retururi',
    retailers: 'Comercianți',
    integrations: 'Integrări',
    factory: 'Fabrica',
    dispatch: 'Expediere',
    printers: 'Imprimante',
    operators: 'Operatori',
    reports: 'Rapoarte',
    audit: 'Audit',
  },
  order_status: {
    awaiting_production: 'Așteaptă producția',
    in_production: 'În producție',
    produced: 'Produsă',
    in_stock: 'În stoc',
    partially_dispatched: 'Expediată parțial',
    dispatched: 'Expediată',
    cancelled: 'Anulată',
  },
  orders,
  audit,
  operators,
  reports,
  live,
  printers,
  board,
};
