import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Lets a long piece of work share the process with other requests: call the returned function
 * often (every record, every row); it gives the event loop a turn once `sliceMs` have passed
 * since the last one, and otherwise returns undefined at once, so the common case costs no
 * promise:
 *
 *     const turn = takeTurns();
 *     for (const row of rows) { …; const wait = turn(); if (wait) await wait; }
 *
 * Scans and health checks that arrive meanwhile are then answered within a slice, not after
 * the whole work.
 */
export function takeTurns(sliceMs = 4): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
