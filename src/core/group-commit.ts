import { inSavepoint } from '../store/savepoint.js';
import { BatchWrites, type ReadAhead } from '../store/write-behind.js';
import {
  inTransaction,
  writeDeferred,
  type OpenTx,
  type TransactionParts,
  type Tx,
} from './transaction.js';

interface Job {
  work: (tx: Tx) => Promise<unknown>;
  /** What the work reads first, which the batch may read for all its units at once. */
  ahead: ReadAhead<unknown> | undefined;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** How many queued units of work one transaction takes at most (bounds a batch's latency). */
const MAX_BATCH = 256;

/** A unit of an optimistic batch threw: the batch's transaction is rolled back. */
class UnitFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('a unit of work of the batch failed');
  }
}

/**
 * Group commit: units of work that arrive while a transaction is running are queued and then run
 * together in the next one (BEGIN IMMEDIATE … COMMIT), so many of them share one disk sync.
 *
 * - A unit that throws fails alone: only its own changes are undone and only its caller sees the
 *   error; the others still commit. A batch runs optimistically first, its units one after
 *   another with nothing in between (a unit is a handful of statements: two savepoint
 *   statements each would add a third to its cost, and on PostgreSQL each is a round trip).
 *   When a unit throws, that transaction is rolled back whole and the batch runs again with
 *   each unit in its own SAVEPOINT. Units may run twice: none was answered, nothing was kept.
 * - Each unit has its own instant, and sees what the earlier ones wrote: the rules that hold for
 *   separate transactions hold inside a batch. What units defer (`Tx.emit`, a repository's
 *   `DeferredKind`: rows no unit reads back) is written for all the units kept, once, after the
 *   last one, each factory's webhook endpoints read then: a unit must not change the endpoints.
 * - No caller is answered before the COMMIT that contains its work; if the commit fails, every
 *   caller of the batch gets the error and nothing of the batch is kept.
 * - A unit alone is a batch of one: there is a single code path.
 * - In the first run, a repository may hold its units' writes in the batch's write-behind and
 *   write them all in one statement after the last unit, and read for all the units at once
 *   (`ReadAhead`) before the first runs (src/store/write-behind.ts): on PostgreSQL a round trip
 *   costs more than the statement it carries. Should that write fail, the batch runs again
 *   isolated, where every unit writes at once. (The scans do: src/store/scans/.)
 *
 * It knows nothing of what its units do. One per database in a process, built with the core
 * context (`createCoreContext`); scans go through it (src/core/scans/record-scan.ts).
 */
export class GroupCommit {
  readonly #ctx: TransactionParts;
  readonly #committed: (size: number) => void;
  #queue: Job[] = [];
  #draining = false;

  /** `committed` hears the size of each batch that committed (a metric). */
  constructor(ctx: TransactionParts, committed: (size: number) => void = () => {}) {
    this.#ctx = ctx;
    this.#committed = committed;
  }

  /**
   * Runs `work` in the next batch; resolves with its result once that batch has committed.
   * `ahead`: what the work reads first, which a batch may read for all its units at once.
   */
  submit<T>(work: (tx: Tx) => Promise<T>, ahead?: ReadAhead<unknown>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, ahead, resolve: resolve as (value: unknown) => void, reject });
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
    let batch: Job[] | undefined;
    let outcomes: Array<() => void>;
    try {
      try {
        outcomes = await inTransaction(this.#ctx, async (open, trx) => {
          // Taken once the write lock is held: whatever queued while waiting for it joins too.
          batch = this.#queue.splice(0, MAX_BATCH);
          return runTogether(batch, open, new BatchWrites(trx));
        });
      } catch (err) {
        if (!(err instanceof UnitFailed)) throw err;
        // A unit alone needs no second run: its transaction was its own.
        if (batch!.length === 1) outcomes = [() => batch![0]!.reject(err.cause)];
        else outcomes = await inTransaction(this.#ctx, (open) => runIsolated(batch!, open));
      }
    } catch (err) {
      // BEGIN or COMMIT failed: nothing of this batch is kept, and every caller hears so.
      for (const job of batch ?? this.#queue.splice(0, MAX_BATCH)) job.reject(err);
      return;
    }
    this.#committed(batch!.length);
    for (const settle of outcomes) settle();
  }
}

/**
 * Runs the units one after another; the first that throws fails the whole transaction. Then
 * writes what the batch's write-behinds hold (should that fail, the batch runs again isolated,
 * where each unit writes at once) and what the units deferred, in a few statements.
 */
async function runTogether(
  batch: readonly Job[],
  open: OpenTx,
  writes: BatchWrites,
): Promise<Array<() => void>> {
  const outcomes: Array<() => void> = [];
  const kept: Tx[] = [];
  let tx: Tx | undefined;
  for (const job of batch) {
    let value: unknown;
    tx = open(writes);
    try {
      if (kept.length === 0)
        await writes.readAhead(batch.flatMap((j) => (j.ahead ? [j.ahead] : [])));
      value = await job.work(tx);
    } catch (err) {
      throw new UnitFailed(err);
    }
    kept.push(tx);
    outcomes.push(() => job.resolve(value));
  }
  if (!tx) return outcomes;
  try {
    await writes.flush();
  } catch (err) {
    throw new UnitFailed(err);
  }
  await writeDeferred(tx.trx, kept);
  return outcomes;
}

/**
 * Runs each unit in its own savepoint, writing at once: one that throws is rolled back alone, and
 * what it deferred is dropped. Then writes what the others deferred.
 */
async function runIsolated(batch: readonly Job[], open: OpenTx): Promise<Array<() => void>> {
  const outcomes: Array<() => void> = [];
  const kept: Tx[] = [];
  let tx: Tx | undefined;
  for (const job of batch) {
    const unit = open();
    tx = unit;
    const outcome = await inSavepoint(unit.trx, () => job.work(unit));
    if ('error' in outcome) {
      outcomes.push(() => job.reject(outcome.error));
    } else {
      kept.push(unit);
      outcomes.push(() => job.resolve(outcome.value));
    }
  }
  if (tx) await writeDeferred(tx.trx, kept);
  return outcomes;
}
