import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors.js';
import { KIND_HTTP } from '../../src/api/errors.js';

const root = join(import.meta.dirname, '..', '..');
const doc = readFileSync(join(root, 'docs', 'errors.md'), 'utf8');

/** The server's sources (not the web app's, which only reads codes), the registry left out. */
const serverSources = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
  .map((file) => join(root, 'src', file))
  .filter((file) => /\.tsx?$/.test(file))
  .filter((file) => !relative(root, file).startsWith(join('src', 'web')))
  .filter((file) => !file.endsWith(join('domain', 'errors.ts')))
  .map((file) => readFileSync(file, 'utf8'));

/** Codes some code raises: `new AppError('code'` (the helpers notFound and invalid do too). */
const raised = new Set(
  serverSources.flatMap((text) =>
    [...text.matchAll(/AppError\(\s*'([a-z_]+)'/g)].map((m) => m[1]!),
  ),
);

/** Rows of the "Codes" table: | `code` | status | meaning | */
const documented = new Map(
  [...doc.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1]!, Number(m[2])]),
);

describe('docs/errors.md', () => {
  it('documents every code in the registry, with its status', () => {
    for (const [code, def] of Object.entries(ERROR_CODES)) {
      expect(documented.get(code), `docs/errors.md lacks ${code}`).toBe(KIND_HTTP[def.kind].status);
    }
  });

  it('registers no code that nothing raises', () => {
    expect(raised.size).toBeGreaterThan(10);
    const unraised = Object.keys(ERROR_CODES).filter((code) => !raised.has(code));
    expect(unraised).toEqual([]);
  });

  it('documents no code the registry does not have', () => {
    const stale = [...documented.keys()].filter((code) => !(code in ERROR_CODES));
    expect(stale).toEqual([]);
  });
});
