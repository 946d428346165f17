export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * A background job that never runs twice at once. A periodic tick while it runs is skipped; a
 * request that must see fresh data (`trigger`) makes it run once more right after.
 */
export class Job<T> {
  readonly name: string;
  readonly #work: () => Promise<T>;
  readonly #log: JobLog;
  readonly #report: (result: T) => object | null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;

  /** `report` turns a result into log fields, or null when there is nothing worth a line. */
  constructor(
    name: string,
    work: () => Promise<T>,
    log: JobLog,
    report: (result: T) => object | null = () => null,
  ) {
    this.name = name;
    this.#work = work;
    this.#log = log;
    this.#report = report;
  }

  /** A periodic tick: runs unless a run is under way. */
  tick(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    return this.#running ?? this.#start();
  }

  /** Runs now, or once more as soon as the current run ends. */
  trigger(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    return this.#start();
  }

  /** No new runs; resolves when the current one (if any) has ended. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#running;
  }

  #start(): Promise<void> {
    this.#running = this.#loop().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      const started = performance.now();
      try {
        const fields = this.#report(await this.#work());
        if (fields) {
          this.#log.info(
            { job: this.name, ms: Math.round(performance.now() - started), ...fields },
            'job done',
          );
        }
      } catch (err) {
        this.#log.error({ job: this.name, err }, 'job failed');
      }
    } while (this.#again && !this.#stopped);
  }
}
