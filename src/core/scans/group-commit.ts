import { CompiledQuery } from 'kysely';
import type { CoreContext } from '../context.js';
import { txOf, type Tx } from '../transaction.js';

interface Job {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

// Compiled once: every unit of work runs two of them.
const SAVEPOINT = CompiledQuery.raw('savepoint unit');
const RELEASE = CompiledQuery.raw('release savepoint unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint unit');

/** How many queued units of work one transaction takes at most (bounds a batch's latency). */
const MAX_BATCH = 256;

/**
 * Group commit: units of work that arrive while a transaction is running are queued and then run
 * together in the next one (BEGIN IMMEDIATE … COMMIT), so many of them share one disk sync.
 *
 * - Each unit runs in its own SAVEPOINT with its own instant: when it throws, only its own
 *   changes are rolled back and only its caller sees the error; the others still commit.
 * - Units run one after another, in arrival order, each seeing what the earlier ones wrote: the
 *   rules that hold for separate transactions hold inside a batch.
 * - No caller is answered before the COMMIT that contains its work; if the commit fails, every
 *   caller of the batch gets the error and nothing of the batch is kept.
 * - A unit alone is a batch of one: there is a single code path.
 */
export class GroupCommit {
  readonly #ctx: CoreContext;
  #queue: Job[] = [];
  #draining = false;

  constructor(ctx: CoreContext) {
    this.#ctx = ctx;
  }

  /** Runs `work` in the next batch; resolves with its result once that batch has committed. */
  submit<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#draining) {
        this.#draining = true;
        // Let the requests already read from the sockets queue their work first.
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#commitBatch();
    } finally {
      this.#draining = false;
    }
  }

  async #commitBatch(): Promise<void> {
    const { db, clock, signals } = this.#ctx;
    let batch: Job[] | undefined;
    const outcomes: Array<() => void> = [];
    let emitted = false;
    try {
      await db.transaction().execute(async (trx) => {
        // Taken once the write lock is held: whatever queued while waiting for it joins too.
        batch = this.#queue.splice(0, MAX_BATCH);
        for (const job of batch) {
          const tx = txOf(trx, clock.now(), () => (emitted = true));
          await trx.executeQuery(SAVEPOINT);
          try {
            const value = await job.work(tx);
            await trx.executeQuery(RELEASE);
            outcomes.push(() => job.resolve(value));
          } catch (err) {
            await trx.executeQuery(ROLLBACK_TO);
            await trx.executeQuery(RELEASE);
            outcomes.push(() => job.reject(err));
          }
        }
      });
    } catch (err) {
      // BEGIN or COMMIT failed: nothing of this batch is kept, and every caller hears so.
      for (const job of batch ?? this.#queue.splice(0, MAX_BATCH)) job.reject(err);
      return;
    }
    if (emitted) signals.eventsAppended();
    for (const settle of outcomes) settle();
  }
}

const committers = new WeakMap<CoreContext, GroupCommit>();

/** The group committer of a context: one per database connection and clock. */
export function groupCommitOf(ctx: CoreContext): GroupCommit {
  let committer = committers.get(ctx);
  if (!committer) {
    committer = new GroupCommit(ctx);
    committers.set(ctx, committer);
  }
  return committer;
}
