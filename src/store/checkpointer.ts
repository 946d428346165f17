import { Worker } from 'node:worker_threads';
import type { CheckpointWorkerData } from './checkpoint.worker.js';
import { getAddonPath } from './native-binding.js';
import { workerScript } from './worker-script.js';

export interface Checkpointer {
  /** Stops the worker after a last checkpoint; resolves when its connection is closed. */
  stop(): Promise<void>;
}

/**
 * Starts the thread that checkpoints the WAL every `intervalMs` from a connection of its own.
 * `entry` is the thread's module: the bundled checkpoint-worker.mjs, or from the sources
 * checkpoint.worker.ts, which runs through tsx. Resolves once its connection is open; the caller
 * then turns the writer's automatic checkpoint off, so no commit waits for a checkpoint and its
 * disk syncs. `onError` hears of failed checkpoints; if the thread dies, `onExit` is called (the
 * caller turns the automatic checkpoint back on).
 */
export async function startCheckpointer(options: {
  entry: URL;
  file: string;
  intervalMs?: number;
  onError(message: string): void;
  onExit(): void;
}): Promise<Checkpointer> {
  const { entry } = options;
  const data: CheckpointWorkerData = {
    file: options.file,
    addonPath: getAddonPath(),
    intervalMs: options.intervalMs ?? 200,
  };
  const { script, eval: fromSources } = workerScript(entry);
  const worker = new Worker(script, {
    eval: fromSources,
    workerData: data,
    // A small thread: it holds one connection and a timer.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    stdout: false,
    stderr: false,
  });
  let stopping = false;
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the checkpoint thread exited with ${code}`)));
  });
  worker.on('message', (message: { error?: string }) => {
    if (message.error) options.onError(message.error);
  });
  worker.on('error', (err) => options.onError(err.message));
  worker.on('exit', () => {
    if (!stopping) options.onExit();
  });
  worker.unref();
  return {
    stop: async () => {
      if (stopping) return;
      stopping = true;
      const stopped = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 2000))]);
      await worker.terminate();
    },
  };
}
