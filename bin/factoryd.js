#!/usr/bin/env node
// Entry shim: runs the bundled daemon built by `npm run build`.
await import('../dist/factoryd.mjs');
