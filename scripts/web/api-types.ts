// Generates the API's types (src/contract/api-types.gen.ts), which the web app, the CLI and the
// TUI read, from the OpenAPI document that buildApp produces — without a running server: the app
// is built on an empty in-memory database and never listens. It is the document /v1/openapi.json
// serves, sign-in routes included; resources are its named schemas (components['schemas']['Order']).
//
// Run by `npm run typecheck` (and so `npm run build`). Usage: tsx scripts/web/api-types.ts
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../src/api/app.js';
import { createCoreContext } from '../../src/core/context.js';
import { systemClock } from '../../src/domain/clock.js';
import { openStore } from '../../src/store/database.js';

const target = fileURLToPath(new URL('../../src/contract/api-types.gen.ts', import.meta.url));

const store = await openStore({ file: ':memory:' });
try {
  const app = await buildApp({
    core: createCoreContext({ db: store.db, clock: systemClock }),
  });
  await app.ready();
  const document = app.swagger();
  await app.close();

  // openapi-typescript loads the TypeScript compiler (seconds): only when the document changed.
  const hash = createHash('sha256').update(JSON.stringify(document)).digest('hex').slice(0, 16);
  const header =
    '// Generated from the OpenAPI document by scripts/web/api-types.ts: do not edit.\n' +
    '// npm run typecheck (or npm run build) writes it again.\n' +
    `// document ${hash}\n\n`;
  let previous = '';
  try {
    previous = readFileSync(target, 'utf8');
  } catch {
    // first run
  }
  if (!previous.startsWith(header)) {
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const ast = await openapiTS(document as Parameters<typeof openapiTS>[0]);
    writeFileSync(target, header + astToString(ast));
  }
} finally {
  await store.close();
}
