import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN §2: core is rules + repository calls + events; the store owns every statement and every
// dialect branch (docs/architecture.md, "The store"). Every file under src/core is held to it.
const root = join(import.meta.dirname, '..', '..');

/** Every TypeScript file under `path` (relative to the repository), depth first. */
function filesOf(path: string): string[] {
  return readdirSync(join(root, path), { withFileTypes: true }).flatMap((entry) => {
    const child = `${path}/${entry.name}`;
    if (entry.isDirectory()) return filesOf(child);
    return entry.name.endsWith('.ts') ? [child] : [];
  });
}

/**
 * What in this source is SQL or a dialect branch: Kysely values, statements, `dialectOf`, a
 * repository's prepared statements.
 */
function sqlIn(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^import\s+(type\s+)?\{([^}]*)\}\s+from\s+'kysely'/gm)) {
    const values = match[1] ? [] : match[2]!.split(',').filter((n) => !/^\s*type\s/.test(n));
    if (values.some((name) => name.trim() !== '')) found.push(match[0]);
  }
  // A repository's prepared statements are its own: core calls its functions.
  for (const match of source.matchAll(/from '[^']*-statements\.js'/g)) found.push(match[0]);
  const statements =
    /\b(selectFrom|insertInto|updateTable|deleteFrom|executeQuery|dialectOf|PreparedQuery)\b|\bsql`/g;
  for (const match of source.matchAll(statements)) found.push(match[0]);
  return found;
}

describe('core holds no SQL', () => {
  it('finds SQL where there is some (the check itself)', () => {
    expect(sqlIn("import { sql, type Kysely } from 'kysely';")).toHaveLength(1);
    expect(sqlIn("import type { Transaction } from 'kysely';")).toEqual([]);
    expect(sqlIn('await trx.selectFrom("pieces").selectAll().execute();')).toEqual(['selectFrom']);
    expect(sqlIn("import { insertScan } from '../../store/scans/scan-statements.js';")).toEqual([
      "from '../../store/scans/scan-statements.js'",
    ]);
    expect(sqlIn("if (dialectOf(trx) === 'postgres') {}")).toEqual(['dialectOf']);
    expect(sqlIn('await sql`update stations set x = 1`.execute(trx);')).toEqual(['sql`']);
  });

  const files = filesOf('src/core');

  it('reads the whole of core', () => {
    expect(files).toContain('src/core/scans/apply-scan.ts');
    expect(files).toContain('src/core/uploads/upload-orders.ts');
    expect(files.length).toBeGreaterThan(60);
  });

  it.each(files)('%s', (file) => {
    expect(sqlIn(readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });
});
