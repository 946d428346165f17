/**
 * Where the single executable unpacks what it cannot run from memory: the program's ESM modules
 * and the SQLite addon. Node loads modules and addons only from files, so they are written once per
 * build into a directory named after the build, and reused by every later start.
 *
 * Loaded by the SEA main before anything else: keep it to built-ins and cheap at start.
 */
import { lstatSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';

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
export function cacheCandidates(where: CacheLocation, leaf: string): string[] {
  const out: string[] = [];
  const systemd = where.env.CACHE_DIRECTORY?.split(':')[0];
  if (systemd && isAbsolute(systemd)) out.push(join(systemd, leaf));
  // The XDG spec says relative values are invalid and must be ignored.
  const xdg = where.env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) out.push(join(xdg, 'factoryd', leaf));
  if (where.home && isAbsolute(where.home)) out.push(join(where.home, '.cache', 'factoryd', leaf));
  out.push(join(where.tmpdir, `factoryd-${where.uid ?? 'user'}`, leaf));
  return [...new Set(out)];
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
