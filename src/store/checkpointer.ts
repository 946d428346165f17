import { Worker } from 'node:worker_threads';
import type { CheckpointWorkerData } from './checkpoint.worker.js';
import { getAddonPath } from './native-binding.js';
import { workerScript } from '../runtime/worker-script.js';

export interface Checkpointer {
  /**
   * Called after each commit: starts the thread again if it ended for lack of work. Costs a
   * check when it runs.
   */
  wake(): void;
  /** Whether the thread is there or starting (it ends itself when idle). */
  readonly running: boolean;
  /** Stops the worker after a last checkpoint; resolves when its connection is closed. */
  stop(): Promise<void>;
}

/** How long the WAL has had nothing to move before the thread ends: a label thread's 30 s too. */
export const CHECKPOINT_IDLE_MS = 30_000;

/**
 * Starts the thread that checkpoints the WAL every `intervalMs` from a connection of its own.
 * `entry` is the thread's module: the bundled checkpoint-worker.mjs, or from the sources
 * checkpoint.worker.ts, which runs through tsx. Resolves once its connection is open; the caller
 * then turns the writer's automatic checkpoint off, so no commit waits for a checkpoint and its
 * disk syncs. `onError` hears of failed checkpoints; if the thread dies, `onExit` is called (the
 * caller turns the automatic checkpoint back on).
 *
 * The thread ends itself once the WAL has had nothing to move for `idleMs` (a second JavaScript
 * engine is some 8 MB an idle server need not keep), and `wake()`, called after each commit,
 * starts it again: a commit made while it was away is moved at its next pass.
 */
export async function startCheckpointer(options: {
  entry: URL;
  file: string;
  intervalMs?: number;
  idleMs?: number;
  onError(message: string): void;
  onExit(): void;
}): Promise<Checkpointer> {
  const { entry } = options;
  const data: CheckpointWorkerData = {
    file: options.file,
    addonPath: getAddonPath(),
    intervalMs: options.intervalMs ?? 200,
    idleMs: options.idleMs ?? CHECKPOINT_IDLE_MS,
  };
  const { script, eval: fromSources } = workerScript(entry);
  let worker: Worker | undefined;
  /** A start under way (the first, or a wake). */
  let starting: Promise<void> | undefined;
  let stopping = false;
  let failed = false;
  /** When the last commit woke it (or found it there): the thread may have missed it. */
  let lastCommit = 0;

  const start = async (): Promise<void> => {
    const thread = new Worker(script, {
      eval: fromSources,
      workerData: data,
      // A small thread: it holds one connection and a timer.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
      stdout: false,
      stderr: false,
    });
    await new Promise<void>((resolve, reject) => {
      thread.once('message', () => resolve());
      thread.once('error', reject);
      thread.once('exit', (code) => reject(new Error(`the checkpoint thread exited with ${code}`)));
    });
    let idle = false;
    thread.on('message', (message: { error?: string; idle?: boolean }) => {
      if (message.error) options.onError(message.error);
      if (!message.idle) return;
      idle = true;
      if (worker === thread) worker = undefined;
      // A commit made since its last pass found it still there: start it again.
      if (Date.now() - lastCommit < data.idleMs) wake();
    });
    thread.on('error', (err) => options.onError(err.message));
    thread.on('exit', () => {
      if (worker === thread) worker = undefined;
      if (idle || stopping) return;
      failed = true;
      options.onExit();
    });
    thread.unref();
    worker = thread;
  };

  const begin = (): Promise<void> => {
    const started = start().finally(() => {
      if (starting === started) starting = undefined;
    });
    starting = started;
    return started;
  };

  const wake = (): void => {
    if (worker || starting || stopping || failed) return;
    begin().catch((err: unknown) => {
      failed = true;
      options.onError(err instanceof Error ? err.message : String(err));
      options.onExit();
    });
  };

  await begin();
  return {
    wake: () => {
      lastCommit = Date.now();
      wake();
    },
    get running() {
      return worker !== undefined || starting !== undefined;
    },
    stop: async () => {
      if (stopping) return;
      stopping = true;
      await starting?.catch(() => {});
      const thread = worker;
      if (!thread) return;
      const stopped = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage('stop');
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 2000))]);
      await thread.terminate();
    },
  };
}
