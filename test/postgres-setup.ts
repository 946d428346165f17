import pg from 'pg';
import { openStore } from '../src/store/database.js';
import { TEMPLATE_DATABASE } from './helpers/dialect.js';
import { findPostgresBin, startPostgresCluster } from './helpers/postgres-cluster.js';

/**
 * The PostgreSQL half of `npm test`: one cluster for the whole run (initdb + pg_ctl in a temp
 * dir, loopback port), and a migrated template database that each test copies.
 */
export default async function setup(): Promise<() => void> {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (vitest.config.ts should have skipped)');
  const cluster = await startPostgresCluster(bin);
  try {
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const store = await openStore({ url: cluster.url(TEMPLATE_DATABASE) });
    await store.close();
  } catch (err) {
    cluster.stop();
    throw err;
  }
  process.env.FACTORYD_TEST_PG_URL = cluster.baseUrl;
  process.env.FACTORYD_TEST_PG_BIN = bin;
  return () => cluster.stop();
}
