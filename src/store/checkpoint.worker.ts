/**
 * Entry of the checkpoint worker thread (checkpointer.ts): its own connection to the database
 * moves the WAL into the database file every few hundred milliseconds, with SQLite's
 * PASSIVE checkpoint, which never waits for readers or writers, and the disk syncs it needs —
 * here, off the thread that answers requests.
 *
 * It ends itself once the WAL has had nothing to move for `idleMs` (it posts `{ idle: true }`
 * first): an idle server then keeps no second JavaScript engine (some 8 MB). The next commit
 * starts it again (checkpointer.ts).
 *
 * Bundled as an entry of its own (dist/checkpoint-worker.mjs, and in the executable next to the
 * app), so it imports nothing but better-sqlite3.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

export interface CheckpointWorkerData {
  file: string;
  /** The SQLite addon's file when the executable unpacked it (else node_modules' is used). */
  addonPath: string | undefined;
  intervalMs: number;
  /** How long the WAL stays fully moved, with no new frames, before the thread ends. */
  idleMs: number;
}

const { file, addonPath, intervalMs, idleMs } = workerData as CheckpointWorkerData;

function nativeBinding(): object | undefined {
  if (!addonPath) return undefined;
  const addon = { exports: {} };
  process.dlopen(addon, addonPath);
  return addon.exports;
}

const binding = nativeBinding();
const db = new Database(file, binding ? { nativeBinding: binding as unknown as string } : {});
// The checkpoint reads WAL frames and writes database pages; it needs little cache of its own.
db.pragma('cache_size = -512');
db.pragma('busy_timeout = 1000');
// NORMAL: the WAL is synced before frames are copied, the database after (WAL mode's rule).
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');

/** PASSIVE's answer: whether it was blocked, the WAL's frames, how many are in the file. */
interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

let lastLog = -1;
let quietSince = Date.now();

const timer = setInterval(() => {
  let result: CheckpointResult;
  try {
    result = checkpoint.get() as CheckpointResult;
  } catch (err) {
    parentPort!.postMessage({ error: (err as Error).message });
    return;
  }
  const now = Date.now();
  if (result.log !== lastLog || result.busy !== 0 || result.checkpointed < result.log) {
    lastLog = result.log;
    quietSince = now;
  } else if (now - quietSince >= idleMs) {
    clearInterval(timer);
    db.close();
    parentPort!.postMessage({ idle: true });
    parentPort!.close();
  }
}, intervalMs);

parentPort!.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  // A last pass, so a stopped server leaves little in the WAL.
  try {
    checkpoint.get();
  } finally {
    db.close();
    parentPort!.close();
  }
});
parentPort!.postMessage({ started: true });
