/**
 * ESM entry of the single executable, imported by the SEA main (src/sea/main.ts) from the cache
 * directory. It is the composition root of both programs there, as src/daemon/entry.ts and
 * src/cli/entry.ts are in development: the only place below the SEA main that reads the process.
 */
import { homedir } from 'node:os';
import { setNativeBinding } from '../store/native-binding.js';
import type { SeaMode } from './mode.js';

/**
 * Runs the daemon or the client with the user's arguments and returns the exit code.
 * `addon` is the SQLite addon the SEA main loaded (the daemon's only) and its file; `webRoot` the
 * directory where it unpacked the web app.
 */
export async function run(
  mode: SeaMode,
  argv: string[],
  addon: { exports: object; path: string } | undefined,
  webRoot: string,
): Promise<number> {
  if (addon) setNativeBinding(addon.exports, addon.path);
  if (mode === 'daemon') {
    const stopSignal = new Promise<string>((resolve) => {
      for (const signal of ['SIGTERM', 'SIGINT'] as const) {
        process.once(signal, () => resolve(signal));
      }
    });
    const { runDaemon } = await import('../daemon/main.js');
    return runDaemon(argv, {
      stdout: process.stdout,
      stderr: process.stderr,
      stdin: process.stdin,
      env: process.env,
      homeDir: homedir(),
      pid: process.pid,
      webRoot,
      // Bundled as an entry of its own next to this one (scripts/binary/bundle.mjs).
      checkpointWorker: new URL('./checkpoint-worker.mjs', import.meta.url),
      labelWorker: new URL('./label-worker.mjs', import.meta.url),
      stopSignal,
    });
  }
  const { runCli } = await import('../cli/main.js');
  return runCli(argv, {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    homeDir: homedir(),
    now: () => new Date(),
  });
}
