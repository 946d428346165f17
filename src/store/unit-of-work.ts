import type { Transaction } from 'kysely';
import type { DB } from './schema.js';
import type { BatchWrites, WriteBehind, WriteBehindKind } from './write-behind.js';

/**
 * A kind of write that use cases leave for the end of their transaction (rows nothing in the
 * use case reads back: outbox events, a station's last scan): a group-commit batch writes those
 * of all its units in one statement or two, instead of a few per unit.
 */
export interface DeferredKind<T> {
  /** One unit's writes of this kind, before it defers any. */
  empty(): T;
  /** Writes those of the units kept, in their order: the last statements before COMMIT. */
  write(trx: Transaction<DB>, kept: readonly T[]): Promise<void>;
}

/** What a repository function gets when it must know more of its use case than `trx`. */
export interface StoreTx {
  readonly trx: Transaction<DB>;
  readonly unit: UnitOfWork;
}

/**
 * The store's side of one use case (a unit of work) in its transaction: the writes it leaves for
 * the end of the transaction (`deferred`), and, in a group-commit batch's first run, the batch's
 * write-behinds (`behind`). Repositories use it; use cases never see what is in it.
 */
export class UnitOfWork {
  /** By kind, in the order the kinds were first used. */
  readonly #deferred = new Map<DeferredKind<unknown>, unknown>();
  #batch: BatchWrites | undefined;

  /** `batch`: where this unit may hold writes; none: every write goes at once. */
  constructor(batch?: BatchWrites) {
    this.#batch = batch;
  }

  /** This unit's deferred writes of this kind, to add to. */
  deferred<T>(kind: DeferredKind<T>): T {
    let writes = this.#deferred.get(kind) as T | undefined;
    if (writes === undefined) {
      writes = kind.empty();
      this.#deferred.set(kind, writes);
    }
    return writes;
  }

  /** The batch's write-behind of this kind to hold this unit's writes in; undefined: write at once. */
  behind<W extends WriteBehind<R>, R>(kind: WriteBehindKind<W, R>): W | undefined {
    return this.#batch?.of(kind);
  }

  /**
   * Writes what the batch holds, and this unit writes at once from now on: what it reads next is
   * the database as it is.
   */
  async writeAtOnce(): Promise<void> {
    const batch = this.#batch;
    this.#batch = undefined;
    await batch?.flush();
  }

  /**
   * Writes what these units (of one transaction, those kept) deferred: each kind once for all of
   * them, kinds in the order they were first used.
   */
  static async writeDeferred(trx: Transaction<DB>, units: readonly UnitOfWork[]): Promise<void> {
    const byKind = new Map<DeferredKind<unknown>, unknown[]>();
    for (const unit of units) {
      for (const [kind, writes] of unit.#deferred) {
        const all = byKind.get(kind);
        if (all) all.push(writes);
        else byKind.set(kind, [writes]);
      }
    }
    for (const [kind, all] of byKind) await kind.write(trx, all);
  }
}
