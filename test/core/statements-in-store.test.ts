import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// DESIGN §2: the store owns every statement. These parts of core have moved theirs to
// src/store/{accounts,retailers,settings,stations,idempotency,rate-limits}; they must not grow
// new ones. (The rest of core follows as its statements move.)
const root = fileURLToPath(new URL('../../', import.meta.url));
const MOVED = [
  'src/core/api-keys',
  'src/core/auth/resolve-token.ts',
  'src/core/sessions',
  'src/core/staff',
  'src/core/retailers',
  'src/core/retailer-users',
  'src/core/factory',
  'src/core/idempotency.ts',
  'src/core/rate-limiter.ts',
  'src/core/stations/pairing-codes.ts',
  'src/core/stations/hardware-checks.ts',
  'src/core/stations/stations.ts',
];

/** A query builder's entry, a `sql` template, or a prepared statement. */
const STATEMENT =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(|\bsql\s*`|\bsql\.(raw|ref|id|lit|table|join)\b|new PreparedQuery\b/;

function filesOf(path: string): string[] {
  const full = join(root, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((name) => filesOf(join(path, name)));
}

describe('statements live in the store', () => {
  const files = MOVED.flatMap(filesOf).filter((f) => f.endsWith('.ts'));

  it('finds the files it guards', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [relative(root, f), f]))('%s writes no SQL', (_name, file) => {
    const offending = readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ line: i + 1, text: line.trim() }))
      .filter(({ text }) => STATEMENT.test(text));
    expect(offending).toEqual([]);
  });

  it('would notice a statement', () => {
    expect(STATEMENT.test("await ctx.db.selectFrom('api_keys')")).toBe(true);
    expect(STATEMENT.test('await sql`select 1`.execute(db)')).toBe(true);
    expect(STATEMENT.test('  .updateTable(')).toBe(true);
    expect(STATEMENT.test('await apiKeys.listApiKeys(ctx.db, factoryId, params)')).toBe(false);
  });
});
