/**
 * Entry of the label thread (label-thread.ts): renders the labels the server asks for, so
 * pdfkit, its fonts and the barcode encoders live — and their memory with them — in a thread
 * that ends when labels stop being asked for, and a thousand labels never hold the thread that
 * answers requests.
 *
 * Bundled as an entry of its own (dist/label-worker.mjs, and in the executable next to the app).
 */
import { parentPort } from 'node:worker_threads';
import type { Label, LabelDpi, LabelFormat } from './label.model.js';
import { renderLabels } from './render-labels.js';

/** A render asked of the thread. */
export interface LabelJob {
  id: number;
  labels: readonly Label[];
  format: LabelFormat;
  dpi: LabelDpi;
}

/** The thread's answer to a job: the document (its bytes moved, not copied), or the failure. */
export type LabelJobAnswer =
  | { id: number; body: ArrayBuffer; contentType: string; extension: LabelFormat; count: number }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('label.worker.ts runs as a worker thread');

port.on('message', (job: LabelJob) => {
  renderLabels(job.labels, job.format, job.dpi).then(
    ({ body: bytes, contentType, extension, count }) => {
      // A buffer of its own, so moving it leaves nothing else of this thread's memory unusable.
      const body = new Uint8Array(bytes).slice().buffer;
      port.postMessage({ id: job.id, body, contentType, extension, count }, [body]);
    },
    (err: unknown) => {
      port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
    },
  );
});
