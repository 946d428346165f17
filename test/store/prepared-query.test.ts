import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/database.js';
import { PreparedQuery, type Param } from '../../src/store/prepared-query.js';

let store: Store;
let other: Store;
beforeAll(async () => {
  store = await openStore({ file: ':memory:' });
  other = await openStore({ file: ':memory:' });
  for (const s of [store, other]) {
    s.sqlite.exec(`
      insert into factories (id, company, name, legal_name, label_prefix, barcode_serial, created_at, updated_at)
      values ('fac_1', 'F', 'F', 'F', 'FD', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
      insert into retailers (id, factory_id, name, code, created_at, updated_at) values
        ('rtl_a', 'fac_1', 'Alpha', 'A', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'),
        ('rtl_b', 'fac_1', 'Beta', 'B', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z'),
        ('rtl_c', 'fac_1', 'Gamma', 'C', '2026-01-03T00:00:00.000Z', '2026-01-03T00:00:00.000Z');
    `);
  }
  other.sqlite.exec(`update retailers set name = 'Other ' || name`);
});
afterAll(async () => {
  await store.close();
  await other.close();
});

type Names = { factoryId: string; code: string; after: string };

const retailers = new PreparedQuery((db, p: Param<Names>) =>
  db
    .selectFrom('retailers')
    .select(['id', 'name'])
    .where('factory_id', '=', p('factoryId'))
    .where((eb) => eb.or([eb('code', '=', p('code')), eb('created_at', '>', p('after'))]))
    .where('name', '!=', 'Nobody')
    .where('factory_id', '=', p('factoryId'))
    .orderBy('id'),
);

describe('PreparedQuery', () => {
  it('compiles to the SQL Kysely writes, each named value at its positions, constants kept', () => {
    const direct = store.db
      .selectFrom('retailers')
      .select(['id', 'name'])
      .where('factory_id', '=', 'x')
      .where((eb) => eb.or([eb('code', '=', 'x'), eb('created_at', '>', 'x')]))
      .where('name', '!=', 'Nobody')
      .where('factory_id', '=', 'x')
      .orderBy('id')
      .compile();
    const compiled = retailers.compiled(store.db);
    expect(compiled.query.sql).toBe(direct.sql);
    expect(compiled.slots).toEqual([
      { name: 'factoryId' },
      { name: 'code' },
      { name: 'after' },
      { constant: 'Nobody' },
      { name: 'factoryId' },
    ]);
  });

  it('answers what the same query built each time answers, for any values', async () => {
    const values: Names[] = [
      { factoryId: 'fac_1', code: 'A', after: '2026-01-02T12:00:00.000Z' },
      { factoryId: 'fac_1', code: 'B', after: '2027-01-01T00:00:00.000Z' },
      { factoryId: 'fac_2', code: 'A', after: '2000-01-01T00:00:00.000Z' },
    ];
    for (const v of values) {
      const expected = await store.db
        .selectFrom('retailers')
        .select(['id', 'name'])
        .where('factory_id', '=', v.factoryId)
        .where((eb) => eb.or([eb('code', '=', v.code), eb('created_at', '>', v.after)]))
        .where('name', '!=', 'Nobody')
        .orderBy('id')
        .execute();
      expect(await retailers.all(store.db, v)).toEqual(expected);
    }
    expect((await retailers.all(store.db, values[0]!)).map((r) => r.id)).toEqual([
      'rtl_a',
      'rtl_c',
    ]);
  });

  it('runs inside a transaction, seeing its writes and rolled back with it', async () => {
    const rename = new PreparedQuery((db, p: Param<{ id: string; name: string }>) =>
      db
        .updateTable('retailers')
        .set({ name: p('name') })
        .where('id', '=', p('id')),
    );
    const byId = new PreparedQuery((db, p: Param<{ id: string }>) =>
      db.selectFrom('retailers').select('name').where('id', '=', p('id')),
    );
    await expect(
      store.db.transaction().execute(async (trx) => {
        const result = await rename.execute(trx, { id: 'rtl_b', name: 'Renamed' });
        expect(result.numAffectedRows).toBe(1n);
        expect(await byId.one(trx, { id: 'rtl_b' })).toEqual({ name: 'Renamed' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byId.first(store.db, { id: 'rtl_b' })).toEqual({ name: 'Beta' });
    expect(await byId.first(store.db, { id: 'rtl_x' })).toBeUndefined();
    await expect(byId.one(store.db, { id: 'rtl_x' })).rejects.toThrow(/no row for/);
  });

  it("runs a transaction's statements on its own connection, failures as rejections", async () => {
    const rename = new PreparedQuery((db, p: Param<{ id: string; name: string }>) =>
      db
        .updateTable('retailers')
        .set({ name: p('name') })
        .where('id', '=', p('id')),
    );
    const byId = new PreparedQuery((db, p: Param<{ id: string }>) =>
      db.selectFrom('retailers').select('name').where('id', '=', p('id')),
    );
    const recode = new PreparedQuery((db, p: Param<{ id: string; code: string }>) =>
      db
        .updateTable('retailers')
        .set({ code: p('code') })
        .where('id', '=', p('id')),
    );
    let stale: Parameters<Parameters<ReturnType<typeof store.db.transaction>['execute']>[0]>[0];
    await expect(
      store.db.transaction().execute(async (trx) => {
        stale = trx;
        for (const name of ['One', 'Two', 'Three'])
          await rename.execute(trx, { id: 'rtl_c', name });
        expect(await byId.one(trx, { id: 'rtl_c' })).toEqual({ name: 'Three' });
        // A constraint violation is a rejected promise, as through Kysely, not a thrown error.
        const taken = recode.execute(trx, { id: 'rtl_c', code: 'A' });
        expect(taken).toBeInstanceOf(Promise);
        await expect(taken).rejects.toThrow(/UNIQUE/);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byId.one(store.db, { id: 'rtl_c' })).toEqual({ name: 'Gamma' });
    // A transaction used after its end runs nothing, as through Kysely.
    await expect(rename.execute(stale!, { id: 'rtl_c', name: 'Late' })).rejects.toThrow(
      /already rolled back/,
    );
    expect(await byId.one(store.db, { id: 'rtl_c' })).toEqual({ name: 'Gamma' });
  });

  it('is compiled for each database it runs on', async () => {
    const v = { factoryId: 'fac_1', code: 'A', after: '2030-01-01T00:00:00.000Z' };
    expect(await retailers.all(store.db, v)).toEqual([{ id: 'rtl_a', name: 'Alpha' }]);
    expect(await retailers.all(other.db, v)).toEqual([{ id: 'rtl_a', name: 'Other Alpha' }]);
  });

  it('refuses a parameter that would be written into the SQL text, or left out of it', () => {
    const inlined = new PreparedQuery((db, p: Param<{ name: string }>) =>
      db.selectFrom('retailers').select(sql.lit(p('name')).as('n')),
    );
    expect(() => inlined.compiled(store.db)).toThrow(/written into the SQL text/);
    const unused = new PreparedQuery((db, p: Param<{ name: string }>) => {
      p('name');
      return db.selectFrom('retailers').select('id');
    });
    expect(() => unused.compiled(store.db)).toThrow(/parameter name is not in/);
  });
});
