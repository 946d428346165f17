import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors.js';
import { KIND_HTTP } from '../../src/api/errors.js';

const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'errors.md'), 'utf8');

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

  it('documents no code the registry does not have', () => {
    const stale = [...documented.keys()].filter((code) => !(code in ERROR_CODES));
    expect(stale).toEqual([]);
  });
});
