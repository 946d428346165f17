import { closeSync, fdatasync, openSync } from 'node:fs';

/**
 * Makes SQLite commits durable off the event loop. The writer connection commits with
 * `synchronous=NORMAL`, which in WAL mode appends the transaction to the WAL file without a disk
 * sync; `durable()` then syncs that file (fdatasync, on libuv's thread pool) and resolves once
 * every commit made before the call is on disk — what `synchronous=FULL` does inside COMMIT, but
 * without stopping the process for the few milliseconds a disk sync takes. SQLite still syncs
 * the WAL before each checkpoint and the database after it, as in NORMAL.
 *
 * Calls share syncs: while one runs, the calls made meanwhile wait for one more, which covers
 * all of them (a sync already running may have started before their commits).
 */
export class WalSync {
  readonly #file: string;
  #fd: number | undefined;
  #running: Promise<void> | undefined;
  #queued: Promise<void> | undefined;

  /** `walFile`: the database's `-wal` file; opened on the first call, once a commit made it. */
  constructor(walFile: string) {
    this.#file = walFile;
  }

  durable(): Promise<void> {
    if (this.#queued) return this.#queued;
    if (!this.#running) return (this.#running = this.#sync());
    const queued = this.#running
      .catch(() => {})
      .then(() => {
        this.#queued = undefined;
        return (this.#running ??= this.#sync());
      });
    return (this.#queued = queued);
  }

  #sync(): Promise<void> {
    return new Promise((resolve, reject) => {
      try {
        this.#fd ??= openSync(this.#file, 'r');
      } catch (err) {
        this.#running = undefined;
        reject(err);
        return;
      }
      fdatasync(this.#fd, (err) => {
        this.#running = undefined;
        if (err) reject(err);
        else resolve();
      });
    });
  }

  /** Waits for syncs under way, then lets go of the file. */
  async close(): Promise<void> {
    await (this.#queued ?? this.#running)?.catch(() => {});
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }
}
