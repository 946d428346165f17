/**
 * Main script of the single executable (bundled to CommonJS: a SEA main must be CommonJS, and its
 * own `require` reaches built-ins only).
 *
 * The program itself travels as SEA assets: an ESM bundle split per command, and the SQLite addon.
 * They are unpacked once per build into a cache directory and loaded from there, because Node loads
 * modules and addons from files only. Splitting keeps each command's start to its own modules, and
 * the compile cache in that directory spares later starts from parsing them again.
 */
import { getRawAsset } from 'node:sea';
import * as nodeModule from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  cacheCandidates,
  dataDirOf,
  removeBuildDirs,
  removeOtherBuilds,
  withCacheDir,
  type AssetFile,
} from './asset-cache.js';
import { seaModeFor, type SeaMode } from './mode.js';

/** Written into this script at build time (scripts/binary/bundle.mjs). */
interface SeaManifest {
  /** `<version>-<hash of every asset>`: the cache directory's name. */
  id: string;
  /** ESM entry, relative to the cache directory. */
  entry: string;
  /** A CommonJS file that performs `import()` for us (see below). */
  loader: string;
  app: AssetFile[];
  addon: AssetFile;
  /** The built web app, under `web/`: the daemon serves it from the cache directory. */
  web: AssetFile[];
}
declare const __SEA_MANIFEST__: SeaManifest;

interface SeaApp {
  run(
    mode: SeaMode,
    argv: string[],
    addon: { exports: object; path: string } | undefined,
    webRoot: string,
  ): Promise<number>;
}

type Loader = (url: string) => Promise<SeaApp>;

// Absent from the Node 20 typings the sources are checked against; present in the embedded Node.
const enableCompileCache = (nodeModule as { enableCompileCache?: (dir: string) => unknown })
  .enableCompileCache;

function homeDirectory(): string | undefined {
  try {
    return homedir();
  } catch {
    return undefined;
  }
}

function readAsset(name: string): Uint8Array {
  return new Uint8Array(getRawAsset(name) as ArrayBuffer);
}

function prepare(
  manifest: SeaManifest,
  mode: SeaMode,
): { dir: string; addon: { exports: object; path: string } | undefined } {
  // The client talks HTTP only: it never needs SQLite or the web app, so it unpacks neither.
  const files =
    mode === 'daemon' ? [...manifest.app, manifest.addon, ...manifest.web] : manifest.app;
  const uid = process.getuid?.();
  // The server's files never go into its data directory (a unit whose home is that directory).
  const dataDir = mode === 'daemon' ? dataDirOf(process.argv.slice(2), process.env) : undefined;
  const candidates = cacheCandidates(
    { env: process.env, home: homeDirectory(), tmpdir: tmpdir(), uid },
    manifest.id,
    dataDir,
  );
  return withCacheDir(candidates, files, readAsset, uid, (dir) => {
    if (mode !== 'daemon') return { dir, addon: undefined };
    const addon = { exports: {}, path: join(dir, manifest.addon.name) };
    process.dlopen(addon, addon.path);
    // The copies of versions no longer run go: beside this one, and where an earlier version
    // unpacked into the data directory.
    removeOtherBuilds(dir);
    if (dataDir) removeBuildDirs(join(dataDir, '.cache', 'factoryd'));
    return { dir, addon };
  });
}

async function main(): Promise<number> {
  const manifest = __SEA_MANIFEST__;
  const mode = seaModeFor(process.argv0, process.execPath);
  const { dir, addon } = prepare(manifest, mode);
  enableCompileCache?.(join(dir, 'compile-cache'));
  // A SEA main compiled with the code cache has no hook for dynamic import(), so the import
  // happens in a file loaded from disk, through a require rooted in the cache directory.
  const loaderFile = join(dir, manifest.loader);
  const load = nodeModule.createRequire(loaderFile)(loaderFile) as Loader;
  const app = await load(pathToFileURL(join(dir, manifest.entry)).href);
  return app.run(mode, process.argv.slice(2), addon, join(dir, 'web'));
}

main().then(
  (code) => {
    // As in the development entries: a finished daemon command (serve included, after its
    // graceful stop) must not linger on open handles; the client ends when its work is done.
    if (seaModeFor(process.argv0, process.execPath) === 'daemon') process.exit(code);
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`factory: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
