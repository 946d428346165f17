import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * Writes a repository holds in memory while a group-commit batch runs and writes at the batch's
 * end, in a statement or two for all its units (src/core/group-commit.ts): where a round trip
 * costs more than the statement it carries (PostgreSQL), a unit then costs no write round trip.
 *
 * It is sound because a batch holds the write lock: nothing but the batch changes the rows
 * meanwhile, so the database as read plus what the write-behind holds is the whole truth. A
 * repository that holds writes must show its reads through them; what it cannot show through,
 * the unit reads once the batch is written (`UnitOfWork.writeAtOnce`).
 */
export interface WriteBehind<R = never> {
  /**
   * Reads for the batch's units together (what each declared with `ReadAhead`), before the first
   * of them runs: one statement for the batch instead of one per unit.
   */
  readAhead(trx: Kysely<DB>, reads: readonly R[]): Promise<void>;
  /**
   * Writes what is held, and empties it. Throwing undoes the batch's first run: its units then
   * run again, each in its own savepoint and writing at once.
   */
  flush(trx: Kysely<DB>): Promise<void>;
}

/** A kind of write-behind: `start` makes one for a batch, or none where its writes go at once. */
export interface WriteBehindKind<W extends WriteBehind<R>, R = never> {
  start(trx: Kysely<DB>): W | undefined;
}

/** What a unit of work reads first, which its batch may read for all its units at once. */
export interface ReadAhead<R> {
  kind: WriteBehindKind<WriteBehind<R>, R>;
  read: R;
}

/**
 * The write-behinds of one group-commit batch (its first run, where units may hold writes), each
 * started on first use.
 */
export class BatchWrites {
  readonly #trx: Kysely<DB>;
  readonly #started = new Map<
    WriteBehindKind<WriteBehind<never>>,
    WriteBehind<never> | undefined
  >();

  constructor(trx: Kysely<DB>) {
    this.#trx = trx;
  }

  /** This batch's write-behind of this kind; undefined where that kind writes at once. */
  of<W extends WriteBehind<R>, R>(kind: WriteBehindKind<W, R>): W | undefined {
    const started = this.#started;
    if (!started.has(kind)) started.set(kind, kind.start(this.#trx));
    return started.get(kind) as W | undefined;
  }

  /** Reads ahead for the units of the batch, each kind for its units when there are several. */
  async readAhead(aheads: ReadonlyArray<ReadAhead<unknown>>): Promise<void> {
    const byKind = new Map<ReadAhead<unknown>['kind'], unknown[]>();
    for (const { kind, read } of aheads) {
      const reads = byKind.get(kind);
      if (reads) reads.push(read);
      else byKind.set(kind, [read]);
    }
    for (const [kind, reads] of byKind) {
      if (reads.length > 1) await this.of(kind)?.readAhead(this.#trx, reads);
    }
  }

  /** Writes what every write-behind of the batch holds. */
  async flush(): Promise<void> {
    for (const behind of this.#started.values()) await behind?.flush(this.#trx);
  }
}
