/** The source of "now" for every rule and use case, injected so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: for tests, benchmarks and replaying schedules. */
export class ManualClock implements Clock {
  #ms: number;

  constructor(start: Date | string = '2026-01-05T08:00:00.000Z') {
    this.#ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#ms);
  }

  set(to: Date | string): void {
    this.#ms = new Date(to).getTime();
  }

  advance(ms: number): void {
    this.#ms += ms;
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
