import { defineConfig } from 'vitest/config';

// `npm run test:binary`: the single executable, built (or reused when up to date) and driven as a
// factory would run it — its own tests (test/binary) and the same end-to-end suite `npm test`
// runs against the bundles (test/e2e, which take the executable from test/helpers/daemon.ts).
// The first build compiles SQLite for the embedded Node.
export default defineConfig({
  test: {
    include: ['test/binary/**/*.test.ts', 'test/e2e/**/*.test.ts'],
    env: { FACTORYD_TEST_EXECUTABLE: 'binary' },
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: false,
    globalSetup: ['test/binary/global-setup.ts'],
  },
});
