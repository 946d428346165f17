import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How long the server must have had no request before it gives memory back. */
const QUIET_MS = 30_000;

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
 * for it, tens of milliseconds at most, once per quiet spell.
 *
 * The collection is V8's `gc()`, taken from a context of its own with `--expose-gc` set only
 * for that moment: no module of the program, and no thread started later, sees a `gc` global.
 */
export function reclaimWhenQuiet(
  options: { quietMs?: number; onCollected?: (ms: number) => void } = {},
): IdleMemory {
  const quietMs = options.quietMs ?? QUIET_MS;
  // Checked a few times per quiet spell: a request only sets a flag.
  const checkMs = Math.max(10, Math.floor(quietMs / 3));
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
    gc ??= collector();
    const started = performance.now();
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    options.onCollected?.(performance.now() - started);
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
