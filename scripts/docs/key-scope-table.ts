// Rewrites the API key scope table in docs/permissions.md from the permission table
// (src/api/permissions.ts): `npx tsx scripts/docs/key-scope-table.ts`. The test
// test/api/api-key-scopes.test.ts checks the page shows exactly this.
import { readFileSync, writeFileSync } from 'node:fs';
import { keyScopesFor, ROUTE_ACCESS } from '../../src/api/permissions.js';

const page = new URL('../../docs/permissions.md', import.meta.url);
const rows = Object.keys(ROUTE_ACCESS)
  .filter((route) => {
    const access = ROUTE_ACCESS[route]!;
    return access !== 'public' && access.includes('api_key');
  })
  .map(
    (route) =>
      `| \`${route}\` | ${keyScopesFor(route)
        .map((s) => `\`${s}\``)
        .join(', ')} |`,
  );
const doc = readFileSync(page, 'utf8');
const next = doc.replace(
  /(<!-- key-scope-table:start -->)[\s\S]*?(<!-- key-scope-table:end -->)/,
  (_all, start: string, end: string) =>
    `${start}\n\n| Route | scopes that grant it |\n|---|---|\n${rows.join('\n')}\n\n${end}`,
);
writeFileSync(page, next);
