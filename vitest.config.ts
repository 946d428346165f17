import { defineConfig } from 'vitest/config';
import { findPostgresBin } from './test/helpers/postgres-cluster.js';

/**
 * Two halves: everything on SQLite, and the suites that talk to a database through the API or a
 * running factoryd once more on a real PostgreSQL (test/postgres-setup.ts starts one for the run).
 * A machine without PostgreSQL skips the second half with one line; CI always has it.
 */
const POSTGRES_SUITES = [
  'test/api/**/*.test.ts',
  'test/e2e/**/*.test.ts',
  'test/daemon/scheduler-stuck.test.ts',
  'test/daemon/scheduler-backup.test.ts',
  'test/postgres/**/*.test.ts',
];

const postgresBin = findPostgresBin();
if (!postgresBin) {
  if (process.env.CI) throw new Error('CI must have PostgreSQL (initdb, pg_ctl): see .ci/run');
  console.log('PostgreSQL not found (no initdb/pg_ctl): skipping the PostgreSQL half of the tests');
}

const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'sqlite',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/binary/**', 'test/postgres/**'],
        },
      },
      ...(postgresBin
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: POSTGRES_SUITES,
                globalSetup: ['test/postgres-setup.ts'],
                env: { FACTORYD_TEST_DIALECT: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
