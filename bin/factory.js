#!/usr/bin/env node
// Entry shim: runs the bundled command-line client built by `npm run build`.
await import('../dist/factory.mjs');
