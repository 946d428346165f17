/**
 * Where the single executable unpacks what it cannot run from memory: the program's ESM modules
 * and the SQLite addon. Node loads modules and addons only from files, so they are written once per
 * build into a directory named after the build, and reused by every later start.
 *
 * Loaded by the SEA main before anything else: keep it to built-ins and cheap at start.
 */
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

export interface AssetFile {
  /** Path relative to the cache directory, `/`-separated, also the SEA asset key. */
  name: string;
  size: number;
}

export interface CacheLocation {
  env: Record<string, string | undefined>;
  /** The home directory, or undefined when there is none. */
  home: string | undefined;
  tmpdir: string;
  /** The effective user id; undefined where the platform has none. */
  uid: number | undefined;
}

/**
 * Candidate directories, best first. systemd's `CacheDirectory=` hands the service its own
 * directory in $CACHE_DIRECTORY; an interactive user gets the XDG cache; a read-only or missing home
 * falls back to a per-user directory under the temp dir.
 */
export function cacheCandidates(
  where: CacheLocation,
  leaf: string,
  /** The server's data directory: a cache inside it is never used (a home set to it, say). */
  dataDir?: string,
): string[] {
  const out: string[] = [];
  const systemd = where.env.CACHE_DIRECTORY?.split(':')[0];
  if (systemd && isAbsolute(systemd)) out.push(join(systemd, leaf));
  // The XDG spec says relative values are invalid and must be ignored.
  const xdg = where.env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) out.push(join(xdg, 'factoryd', leaf));
  if (where.home && isAbsolute(where.home)) out.push(join(where.home, '.cache', 'factoryd', leaf));
  out.push(join(where.tmpdir, `factoryd-${where.uid ?? 'user'}`, leaf));
  return [...new Set(out)].filter((dir) => !dataDir || !isInside(dir, dataDir));
}

function isInside(dir: string, parent: string): boolean {
  const rel = relative(resolve(parent), resolve(dir));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** `--data-dir DIR` (or `--data-dir=DIR`) on the command line, else $FACTORYD_DATA_DIR. */
export function dataDirOf(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--data-dir') return argv[i + 1];
    if (arg.startsWith('--data-dir=')) return arg.slice('--data-dir='.length);
  }
  return env.FACTORYD_DATA_DIR || undefined;
}

/** A build's directory: `<version>-<12 hex digits>` (scripts/binary/bundle.mjs). */
const BUILD_DIR = /^\d+\.\d+\.\d+[\w.+-]*-[0-9a-f]{12}$/;

/** A build still used within this long keeps its files (another version started meanwhile). */
export const KEEP_IN_USE_MS = 60 * 60 * 1000;

/**
 * Marks `dir` as used now, and removes the other builds' directories beside it that were not used
 * within KEEP_IN_USE_MS: the copies of versions no longer installed. Only directories named as
 * builds are touched; a failure leaves that one for the next start. Returns the names removed.
 */
export function removeOtherBuilds(dir: string, now = new Date()): string[] {
  try {
    utimesSync(dir, now, now);
  } catch {
    // Not ours to mark: nothing is removed on its account either.
  }
  return removeBuildDirs(dirname(dir), now, dir);
}

/**
 * Removes the build directories in `parent` (all but `keep`) unused for KEEP_IN_USE_MS — also
 * those an earlier version unpacked into a data directory (`<data-dir>/.cache/factoryd`).
 */
export function removeBuildDirs(parent: string, now = new Date(), keep?: string): string[] {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const path = join(parent, name);
    if (!BUILD_DIR.test(name) || (keep && resolve(path) === resolve(keep))) continue;
    try {
      const st = lstatSync(path);
      if (!st.isDirectory() || now.getTime() - st.mtimeMs < KEEP_IN_USE_MS) continue;
      rmSync(path, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // In use by another user, or gone already.
    }
  }
  return removed;
}

/**
 * Refuses a directory another user could write to: whoever can replace a file in it can run code
 * as us the next time the addon is loaded. Matters most under a shared /tmp.
 */
function assertPrivate(dir: string, uid: number | undefined): void {
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new Error(`${dir} is not a directory`);
  if (uid !== undefined && st.uid !== uid) throw new Error(`${dir} belongs to another user`);
  if ((st.mode & 0o022) !== 0) throw new Error(`${dir} is writable by other users`);
}

let tmpSeq = 0;

/**
 * Writes every missing file of `files` under `dir`. A file is complete or absent, never half
 * written: each one goes to a unique temporary name first and is renamed into place, so two
 * processes starting at once both succeed and agree on the content (the directory is per build).
 */
export function materialize(
  dir: string,
  files: readonly AssetFile[],
  read: (name: string) => Uint8Array,
  uid: number | undefined,
): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  assertPrivate(dir, uid);
  assertPrivate(dirname(dir), uid);
  for (const file of files) {
    const target = join(dir, file.name);
    try {
      if (statSync(target).size === file.size) continue;
    } catch {
      // absent: written below
    }
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    const tmp = `${target}.${process.pid}.${++tmpSeq}.tmp`;
    try {
      writeFileSync(tmp, read(file.name), { mode: 0o600 });
      renameSync(tmp, target);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
  }
}

/**
 * Runs `use` on the first candidate directory where the files could be written and used, and
 * returns its result. `use` failing (an addon that will not load from a noexec /tmp, say) moves
 * on to the next candidate too.
 */
export function withCacheDir<T>(
  candidates: readonly string[],
  files: readonly AssetFile[],
  read: (name: string) => Uint8Array,
  uid: number | undefined,
  use: (dir: string) => T,
): T {
  const failures: string[] = [];
  for (const dir of candidates) {
    try {
      materialize(dir, files, read, uid);
      return use(dir);
    } catch (err) {
      failures.push(`  ${dir}: ${(err as Error).message}`);
    }
  }
  throw new Error(`no usable cache directory for the program files:\n${failures.join('\n')}`);
}
