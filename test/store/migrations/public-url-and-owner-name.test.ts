// Migration 0015 on a database of the release before it: settings gain public_url (null), and a
// factory whose owner's name was only the placeholder copy of its company name loses it.
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreContext } from '../../../src/core/context.js';
import { createFactory } from '../../../src/core/factory/setup.js';
import { systemClock } from '../../../src/domain/clock.js';
import { openStore, type Store } from '../../../src/store/database.js';
import { migrationProvider } from '../../../src/store/migrations/index.js';
import { tempDir } from '../../helpers/app.js';
import { rawSql } from '../../helpers/dialect.js';

const BEFORE = '2026-11-25-0011-hidden-uploads';

let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

describe('migration 2026-11-26-0015-public-url-and-owner-name', () => {
  it('adds public_url as null and empties only the never-saved placeholder owner names', async () => {
    store = await openStore({ file: join(tempDir(), 'factoryd.db'), migrate: false });
    const migrator = new Migrator({ db: store.db, provider: migrationProvider });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const core = createCoreContext({ db: store.db, clock: systemClock });
    const sql = rawSql(store);
    const ids: string[] = [];
    for (const name of ['Placeholder Mill', 'Saved Mill', 'Owned Mill']) {
      ids.push((await createFactory(core, { name })).factoryId);
    }
    // As the release before wrote them: the owner's name a copy of the company's.
    await sql.prepare('update factories set name = company').run();
    // Saved since (PATCH /v1/company): whatever it says was meant.
    await sql
      .prepare("update factories set updated_at = '2027-01-01T00:00:00.000Z' where id = ?")
      .run(ids[1]);
    await sql.prepare("update factories set name = 'Olive Owner' where id = ?").run(ids[2]);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await sql.prepare('select company, name from factories order by id').all();
    expect(rows).toEqual([
      { company: 'Placeholder Mill', name: '' },
      { company: 'Saved Mill', name: 'Saved Mill' },
      { company: 'Owned Mill', name: 'Olive Owner' },
    ]);
    const settings = await sql.prepare('select public_url from settings').all();
    expect(settings).toEqual([{ public_url: null }, { public_url: null }, { public_url: null }]);
  });
});
