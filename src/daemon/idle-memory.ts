import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How long the server must have had no request before it gives memory back. */
const QUIET_MS = 30_000;
/**
 * How long after the collection the C library is trimmed: the objects it found dead free their
 * native memory (a prepared statement its SQLite program) in callbacks that run after it.
 */
const TRIM_AFTER_MS = 1_000;

export interface IdleMemory {
  /** A request came: the quiet spell starts again. Costs an assignment. */
  activity(): void;
  stop(): void;
}

/**
 * Gives memory back once the server has had no request for `quietMs`: one full garbage
 * collection of the kind V8 makes when memory runs short ("last-resort": it also shrinks the
 * young generation and hands free pages back), then none until the next request and the next
 * quiet spell. V8 otherwise collects only when it allocates, so the garbage and the grown young
 * generation of a busy spell stay as long as the server stays quiet (docs/performance.md: the
 * executable's idle RssAnon 45.6 → 37.3 MB after one). A request that arrives during it waits
 * for it, tens of milliseconds at most, once per quiet spell. Before it, `release` lets go of
 * what is held outside V8 (SQLite's statements and caches); after it, `trim` hands the C
 * library's free memory back (idle after load 42–46 → 30–32 MB, docs/performance.md).
 *
 * The collection is V8's `gc()`, taken from a context of its own with `--expose-gc` set only
 * for that moment: no module of the program, and no thread started later, sees a `gc` global.
 */
export function reclaimWhenQuiet(
  options: {
    quietMs?: number;
    /**
     * Lets go of memory held outside V8 (SQLite's page caches and prepared statements), just
     * before the collection, which frees what only V8's objects kept.
     */
    release?: () => Promise<void>;
    /**
     * Hands the C library's free memory back to the system (store/malloc-trim.ts), a moment
     * after the collection, once what it freed has reached the C library.
     */
    trim?: () => void;
    onCollected?: (ms: number) => void;
    onError?: (err: unknown) => void;
  } = {},
): IdleMemory {
  const quietMs = options.quietMs ?? QUIET_MS;
  // Checked every second (a tenth of a short spell): a request only sets a flag, and the
  // collection comes quietMs to quietMs + 1 s after the last request, not up to a third later.
  const checkMs = Math.max(10, Math.min(1000, Math.floor(quietMs / 10)));
  let active = false;
  let quietFor = 0;
  let collected = false;
  let gc: ((options: object) => void) | undefined;
  const timer = setInterval(() => {
    if (active) {
      active = false;
      quietFor = 0;
      collected = false;
      return;
    }
    quietFor += checkMs;
    if (collected || quietFor < quietMs) return;
    collected = true;
    const started = performance.now();
    const collect = () => {
      gc ??= collector();
      gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      options.onCollected?.(performance.now() - started);
      if (options.trim) setTimeout(trim, TRIM_AFTER_MS).unref();
    };
    const trim = () => {
      try {
        options.trim!();
      } catch (err) {
        options.onError?.(err);
      }
    };
    if (!options.release) return collect();
    // Whatever happens here is reported, never left as an unhandled rejection (which would end
    // the process): giving memory back is worth a log line, not the server.
    options
      .release()
      .catch((err: unknown) => options.onError?.(err))
      .then(collect)
      .catch((err: unknown) => options.onError?.(err));
  }, checkMs);
  timer.unref();
  return {
    activity: () => {
      active = true;
    },
    stop: () => clearInterval(timer),
  };
}

function collector(): (options: object) => void {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as (options: object) => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
