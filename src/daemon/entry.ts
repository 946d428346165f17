import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runDaemon } from './main.js';

// Composition root: the only place that reads the process.
const stopSignal = new Promise<string>((resolve) => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => resolve(signal));
});

const code = await runDaemon(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  homeDir: homedir(),
  pid: process.pid,
  // dist/factoryd.mjs serves dist/web.
  webRoot: fileURLToPath(new URL('./web/', import.meta.url)),
  // dist/checkpoint-worker.mjs and dist/label-worker.mjs, bundled beside this file
  // (scripts/build.mjs).
  checkpointWorker: new URL('./checkpoint-worker.mjs', import.meta.url),
  labelWorker: new URL('./label-worker.mjs', import.meta.url),
  stopSignal,
});
// A finished command (serve included, after its graceful stop) must not linger on open handles.
process.exit(code);
