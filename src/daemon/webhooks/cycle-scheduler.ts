/** How long a finished attempt waits for others before its result is recorded. */
const GATHER_MS = 3;

/**
 * Runs the dispatcher's cycles one at a time. A cycle repeats `turn` (one short transaction:
 * record finished attempts, claim more) while it answers true. A request for a cycle while one
 * runs makes one more run right after; requests within one turn of the event loop share a cycle.
 * A request that may `gather` waits a moment first, so one commit records several results:
 * commits are the dispatcher's main cost, and results keep arriving while one is written.
 */
export class CycleScheduler {
  readonly #turn: () => Promise<boolean>;
  readonly #failed: (err: unknown) => void;
  #cycle: Promise<void> | null = null;
  #again = false;
  #scheduled = false;
  #gatherTimer: NodeJS.Timeout | null = null;
  #waiters: Array<() => void> = [];

  /** `failed` hears what a turn throws; the cycle then ends, and the next request runs anew. */
  constructor(turn: () => Promise<boolean>, failed: (err: unknown) => void) {
    this.#turn = turn;
    this.#failed = failed;
  }

  /** A cycle runs, or is about to. */
  get busy(): boolean {
    return this.#cycle !== null || this.#scheduled;
  }

  /**
   * Runs a cycle soon: after `GATHER_MS` when `gather`, else on the next turn of the event loop
   * (cutting short a gathering wait already set).
   */
  schedule(gather = false): void {
    if (this.#cycle) {
      this.#again = true;
      return;
    }
    if (this.#scheduled) {
      if (gather || !this.#gatherTimer) return;
      clearTimeout(this.#gatherTimer); // something more urgent than gathering: go now
    }
    this.#scheduled = true;
    if (gather) {
      this.#gatherTimer = setTimeout(this.#run, GATHER_MS);
    } else {
      this.#gatherTimer = null;
      setImmediate(this.#run);
    }
  }

  /** Resolves at the end of the next cycle. */
  nextCycle(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  readonly #run = (): void => {
    this.#gatherTimer = null;
    this.#scheduled = false;
    // #loop never rejects: what a turn throws goes to `failed`.
    this.#cycle = this.#loop().finally(() => {
      this.#cycle = null;
      if (this.#again) {
        this.#again = false;
        this.schedule();
      }
      const waiters = this.#waiters;
      this.#waiters = [];
      for (const resolve of waiters) resolve();
    });
  };

  async #loop(): Promise<void> {
    try {
      do {
        // What was asked before this turn, the turn covers.
        this.#again = false;
      } while (await this.#turn());
    } catch (err) {
      this.#failed(err);
    }
  }
}
