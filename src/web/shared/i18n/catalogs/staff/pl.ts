import orders from './orders/pl.js';
import factory from './factory/pl.js';
import sso from './sso/pl.js';
import stations from './stations/pl.js';
import integrations from './integrations/pl.js';
import access from './access/pl.js';
import setup from './setup/pl.js';
import common from './common/pl.js';
import returns from './returns/pl.js';
import audit from './audit/pl.js';
import operators from './operators/pl.js';
import dispatch from './dispatch/pl.js';
import retailers from './retailers/pl.js';
import live from './live/pl.js';
import reports from './reports/pl.js';
import printers from './printers/pl.js';
import board from './board/pl.js';

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
  face: 'Personel',
  sign_in_title: 'Logowanie personelu',
  new_install: 'Nowa instalacja bez administratora? <a>Utwórz pierwszego administratora</a>.',
  user: '{{name}} ({{role}})',
  role: { admin: 'administrator', supervisor: 'kierownik' },
  backup: {
    label: 'Kopia zapasowa nie powiodła się',
    failed: 'Zaplanowana kopia zapasowa z {{time}} nie powiodła się',
    no_reason: 'nie zapisano przyczyny',
    not_a_backup: 'To nie jest kopia zapasowa.',
    latest_good: 'Ostatnia dobra kopia zapasowa pochodzi z {{time}}.',
    none_good: 'Nie ma jeszcze żadnej dobrej zaplanowanej kopii zapasowej.',
    settings: 'Ustawienia kopii zapasowych',
  },
  nav: {
    orders: 'Zamówienia',
    stations: 'Stanowiska',
    returns: 'Zwroty',
    retailers: 'Sprzedawcy',
    integrations: 'Integracje',
    factory: 'Fabryka',
    dispatch: 'Wysyłka',
    printers: 'Drukarki',
    operators: 'Operatorzy',
    reports: 'Raporty',
    audit: 'Audyt',
  },
  order_status: {
    awaiting_production: 'Oczekuje na produkcję',
    in_production: 'W produkcji',
    produced: 'Wyprodukowane',
    in_stock: 'Na magazynie',
    partially_dispatched: 'Częściowo wysłane',
    dispatched: 'Wysłane',
    cancelled: 'Anulowane',
  },
  orders,
  audit,
  operators,
  reports,
  live,
  printers,
  board,
};
