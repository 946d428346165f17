import { Worker } from 'node:worker_threads';
import { workerScript } from '../runtime/worker-script.js';
import type { LabelJob, LabelJobAnswer } from './label.worker.js';
import type { Label, LabelDpi, LabelFormat } from './label.model.js';
import type { RenderedLabels, Turn } from './render-labels.js';

/** Renders labels into one document (render-labels.ts), in this thread or in one of its own. */
export interface LabelRenderer {
  /** A thread of its own is running now (false for renders in this thread). */
  readonly threadRunning: boolean;
  render(labels: readonly Label[], format: LabelFormat, dpi: LabelDpi): Promise<RenderedLabels>;
  /** Ends the thread, if any; renders still in it fail. */
  close(): Promise<void>;
}

/**
 * Renders in this thread, taking turns with other work (`turns` makes one render's turns). The
 * renderers (pdfkit, its fonts, the barcode encoders) load with the first label asked for, and
 * stay.
 */
export function labelsInThisThread(turns: () => Turn): LabelRenderer {
  return {
    async render(labels, format, dpi) {
      const { renderLabels } = await import('./render-labels.js');
      return renderLabels(labels, format, dpi, turns());
    },
    threadRunning: false,
    close: () => Promise.resolve(),
  };
}

/** How long the label thread stays after its last render. */
export const LABEL_THREAD_IDLE_MS = 30_000;

/**
 * Renders in a thread of its own (`entry`: the bundled label-worker.mjs, or label.worker.ts from
 * the sources), started with the first label asked for and ended `idleMs` after the last render,
 * which gives back the memory the renderers hold. If the thread dies, the renders in it fail and
 * the next starts a new one.
 */
export function labelThread(entry: URL, idleMs = LABEL_THREAD_IDLE_MS): LabelRenderer {
  const jobs = new Map<number, { resolve(r: RenderedLabels): void; reject(e: Error): void }>();
  let worker: Worker | undefined;
  let lastId = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const failAll = (err: Error) => {
    for (const job of jobs.values()) job.reject(err);
    jobs.clear();
  };
  const end = () => {
    const ending = worker;
    worker = undefined;
    return ending?.terminate();
  };

  function start(): Worker {
    const { script, eval: fromSources } = workerScript(entry);
    const thread = new Worker(script, { eval: fromSources, stdout: false, stderr: false });
    thread.on('message', (answer: LabelJobAnswer) => {
      const job = jobs.get(answer.id);
      if (!job) return;
      jobs.delete(answer.id);
      if ('error' in answer) job.reject(new Error(`rendering labels failed: ${answer.error}`));
      else {
        const { body, contentType, extension, count } = answer;
        job.resolve({ body: Buffer.from(body), contentType, extension, count });
      }
      if (jobs.size === 0) {
        idleTimer = setTimeout(() => void end(), idleMs);
        idleTimer.unref();
      }
    });
    const died = (err: Error) => {
      if (worker !== thread) return; // ended on purpose
      worker = undefined;
      failAll(err);
    };
    thread.on('error', died);
    thread.on('exit', (code) => died(new Error(`the label thread exited with code ${code}`)));
    // Requests in flight keep the process alive; an idle thread must not.
    thread.unref();
    return thread;
  }

  return {
    get threadRunning() {
      return worker !== undefined;
    },
    render(labels, format, dpi) {
      if (closed) return Promise.reject(new Error('the label thread is closed'));
      clearTimeout(idleTimer);
      worker ??= start();
      const job: LabelJob = { id: ++lastId, labels, format, dpi };
      const thread = worker;
      return new Promise((resolve, reject) => {
        jobs.set(job.id, { resolve, reject });
        thread.postMessage(job);
      });
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      failAll(new Error('the server is stopping'));
      await end();
    },
  };
}
