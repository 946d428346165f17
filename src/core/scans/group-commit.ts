import { CompiledQuery } from 'kysely';
import { dialectOf } from '../../store/dialect.js';
import type { TransactionParts } from '../context.js';
import { inTransaction, writeDeferred, type Deferred, type Tx } from '../transaction.js';
import { ScanBatch } from './scan-batch.js';
import type { ScanRead } from './scan-statements.js';

interface Job {
  work: (tx: Tx) => Promise<unknown>;
  /** A scan's first read, made with the batch's others on PostgreSQL (scan-batch.ts). */
  read: ScanRead | undefined;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

// Compiled once: a batch that has to isolate its units runs two of them per unit.
const SAVEPOINT = CompiledQuery.raw('savepoint unit');
const RELEASE = CompiledQuery.raw('release savepoint unit');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint unit');

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
 *   separate transactions hold inside a batch. What units defer (`Tx.emit`, `Tx.stationScanned`:
 *   rows no unit reads back) is written for all the units kept, once, after the last one, each
 *   factory's webhook endpoints read then: a unit must not change the endpoints.
 * - No caller is answered before the COMMIT that contains its work; if the commit fails, every
 *   caller of the batch gets the error and nothing of the batch is kept.
 * - A unit alone is a batch of one: there is a single code path.
 * - On PostgreSQL a batch of scans reads for all of them in one statement before the first runs,
 *   and their scans, pieces and orders are written in one statement after the last
 *   (scan-batch.ts): a round trip costs more than the statement there.
 *
 * One per database in a process, built with the core context (`createCoreContext`).
 */
export class GroupCommit {
  readonly #ctx: TransactionParts;
  #queue: Job[] = [];
  #draining = false;

  constructor(ctx: TransactionParts) {
    this.#ctx = ctx;
  }

  /**
   * Runs `work` in the next batch; resolves with its result once that batch has committed.
   * `read`: what the work, a scan, reads first, which a batch may read for all its scans at once.
   */
  submit<T>(work: (tx: Tx) => Promise<T>, read?: ScanRead): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, read, resolve: resolve as (value: unknown) => void, reject });
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
        outcomes = await inTransaction(this.#ctx, async (open) => {
          // Taken once the write lock is held: whatever queued while waiting for it joins too.
          batch = this.#queue.splice(0, MAX_BATCH);
          return runTogether(batch, open);
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
    for (const settle of outcomes) settle();
  }
}

/**
 * Runs the units one after another; the first that throws fails the whole transaction. Then
 * writes what they all deferred (events, station stamps) in a few statements. On PostgreSQL the
 * units' scans are written together too (scan-batch.ts); should that fail, the batch runs again
 * isolated, where each unit writes at once.
 */
async function runTogether(batch: readonly Job[], open: () => Tx): Promise<Array<() => void>> {
  const outcomes: Array<() => void> = [];
  const kept: Deferred[] = [];
  let tx: Tx | undefined;
  let scans: ScanBatch | undefined;
  for (const job of batch) {
    let value: unknown;
    tx = open();
    if (kept.length === 0) scans = await startScanBatch(tx, batch);
    tx.scanBatch = scans;
    try {
      value = await job.work(tx);
    } catch (err) {
      throw new UnitFailed(err);
    }
    kept.push(tx.deferred);
    outcomes.push(() => job.resolve(value));
  }
  if (!tx) return outcomes;
  try {
    await scans?.flush(tx.trx);
  } catch (err) {
    throw new UnitFailed(err);
  }
  await writeDeferred(tx.trx, kept);
  return outcomes;
}

/** PostgreSQL: where the batch's scans hold their writes, their reads made together. */
async function startScanBatch(tx: Tx, batch: readonly Job[]): Promise<ScanBatch | undefined> {
  if (dialectOf(tx.trx) !== 'postgres') return undefined;
  const scans = new ScanBatch();
  const reads = batch.flatMap((job) => (job.read ? [job.read] : []));
  if (reads.length > 1) {
    try {
      await scans.read(tx.trx, reads);
    } catch (err) {
      throw new UnitFailed(err);
    }
  }
  return scans;
}

/**
 * Runs each unit in its own savepoint: one that throws is rolled back alone, and what it
 * deferred is dropped. Then writes what the others deferred.
 */
async function runIsolated(batch: readonly Job[], open: () => Tx): Promise<Array<() => void>> {
  const outcomes: Array<() => void> = [];
  const kept: Deferred[] = [];
  let tx: Tx | undefined;
  for (const job of batch) {
    tx = open();
    await tx.trx.executeQuery(SAVEPOINT);
    try {
      const value = await job.work(tx);
      await tx.trx.executeQuery(RELEASE);
      kept.push(tx.deferred);
      outcomes.push(() => job.resolve(value));
    } catch (err) {
      await tx.trx.executeQuery(ROLLBACK_TO);
      await tx.trx.executeQuery(RELEASE);
      outcomes.push(() => job.reject(err));
    }
  }
  if (tx) await writeDeferred(tx.trx, kept);
  return outcomes;
}
