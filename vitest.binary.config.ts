import { defineConfig } from 'vitest/config';

// `npm run test:binary`: the single executable, built (or reused when up to date) and driven as a
// factory would run it. Slow by nature: the first build compiles SQLite for the embedded Node.
export default defineConfig({
  test: {
    include: ['test/binary/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 20 * 60_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
