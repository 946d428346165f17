import Database from 'better-sqlite3';
import { getNativeBinding } from './native-binding.js';

/**
 * Hands the C library's free memory back to the system: glibc's `malloc_trim`, which returns
 * the free pages inside its heaps, not only at their top as `free` does (MALLOC_TRIM_THRESHOLD_
 * acts at the top only). After a busy spell the memory SQLite, V8's compilers and the ended
 * threads freed lies between blocks still in use, and stays resident without it: 5–7 MB of
 * `factoryd serve`'s idle RssAnon (docs/performance.md, Idle memory).
 *
 * Node has no way to call a C function, but SQLite loads extensions: it opens a shared library
 * and calls the entry point it is given with `(sqlite3 *db, char **err, api)`. Given glibc
 * itself and `malloc_trim(size_t pad)`, the call trims every arena (the pad, the connection's
 * address, only keeps the top of the main heap, which `free` already trims). The connection is
 * one of its own, in memory, opened for the call and closed after it. Where there is no glibc
 * (musl, macOS) the library does not load and nothing happens.
 *
 * Returns whether the call was made.
 */
export function trimNativeHeap(): boolean {
  if (process.platform !== 'linux') return false;
  const nativeBinding = getNativeBinding();
  const db = new Database(
    ':memory:',
    nativeBinding ? { nativeBinding: nativeBinding as unknown as string } : {},
  );
  try {
    // better-sqlite3 takes the entry point as a second argument; its typings omit it.
    (db as unknown as WithEntryPoint).loadExtension('libc.so.6', 'malloc_trim');
    return true;
  } catch (err) {
    // malloc_trim answers 1 when it gave memory back, which SQLite reads as a failed
    // initialisation of the extension: the call was made all the same.
    // Without glibc the library is not there: nothing was called.
    return /error during initialization/.test((err as Error).message);
  } finally {
    db.close();
  }
}

interface WithEntryPoint {
  loadExtension(file: string, entryPoint: string): void;
}
