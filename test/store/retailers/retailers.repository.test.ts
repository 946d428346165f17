import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type SqliteStore } from '../../../src/store/database.js';
import {
  listRetailers,
  retailerCodeTaken,
  retailersByCodes,
} from '../../../src/store/retailers/retailers.repository.js';

let store: SqliteStore;
const at = '2026-01-01T00:00:00.000Z';

beforeAll(async () => {
  store = await openStore({ file: ':memory:' });
  store.sqlite.exec(`
    insert into factories (id, company, name, legal_name, label_prefix, barcode_serial, created_at, updated_at)
    values ('fac_1', 'F', 'F', 'F', 'FD', 0, '${at}', '${at}'),
           ('fac_2', 'G', 'G', 'G', 'GD', 0, '${at}', '${at}');
  `);
  const insert = store.sqlite.prepare(
    `insert into retailers (id, factory_id, name, code, created_at, updated_at) values (?, ?, ?, ?, ?, ?)`,
  );
  for (let i = 0; i < 1200; i++) {
    const n = String(i).padStart(4, '0');
    insert.run(`rtl_${n}`, 'fac_1', `Retailer ${n}`, `R${n}`, at, at);
  }
  insert.run('rtl_x', 'fac_2', 'Elsewhere', 'R0001', at, at);
});
afterAll(() => store.close());

/** Records each statement a database runs through it. */
function recording(): { plugin: KyselyPlugin; statements: RootOperationNode[] } {
  const statements: RootOperationNode[] = [];
  return {
    statements,
    plugin: {
      transformQuery: ({ node }) => (statements.push(node), node),
      transformResult: async ({ result }) => result,
    },
  };
}

describe('retailers repository', () => {
  it('reads many codes in statements of at most 500 parameters, within one factory', async () => {
    const { plugin, statements } = recording();
    const codes = Array.from({ length: 1200 }, (_, i) => `R${String(i).padStart(4, '0')}`);
    const rows = await retailersByCodes(store.db.withPlugin(plugin), 'fac_1', codes);
    expect(rows).toHaveLength(1200);
    expect(new Set(rows.map((r) => r.factory_id))).toEqual(new Set(['fac_1']));
    expect(statements.map((s) => s.kind)).toEqual([
      'SelectQueryNode',
      'SelectQueryNode',
      'SelectQueryNode',
    ]);
  });

  it('runs no statement for no codes', async () => {
    const { plugin, statements } = recording();
    expect(await retailersByCodes(store.db.withPlugin(plugin), 'fac_1', [])).toEqual([]);
    expect(statements).toHaveLength(0);
  });

  it('tells a taken code, except for the retailer that holds it, per factory', async () => {
    expect(await retailerCodeTaken(store.db, 'fac_1', 'R0001')).toBe(true);
    expect(await retailerCodeTaken(store.db, 'fac_1', 'R0001', 'rtl_0001')).toBe(false);
    expect(await retailerCodeTaken(store.db, 'fac_1', 'NOPE')).toBe(false);
    expect(await retailerCodeTaken(store.db, 'fac_2', 'R0002')).toBe(false);
  });

  it('lists newest first, one page plus one row, of one code when asked', async () => {
    const page = await listRetailers(store.db, 'fac_1', { limit: 3 });
    expect(page.map((r) => r.id)).toEqual(['rtl_1199', 'rtl_1198', 'rtl_1197', 'rtl_1196']);
    const after = await listRetailers(store.db, 'fac_1', { limit: 2, starting_after: 'rtl_0002' });
    expect(after.map((r) => r.id)).toEqual(['rtl_0001', 'rtl_0000']);
    const one = await listRetailers(store.db, 'fac_1', { limit: 20, code: 'R0005' });
    expect(one.map((r) => r.id)).toEqual(['rtl_0005']);
  });
});
