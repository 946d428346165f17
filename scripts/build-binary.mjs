// Builds the single executable dist/bin/factory (Linux x64), its `factoryd` name (a symlink) and
// dist/bin/factory.sha256:
//
//   esbuild (ESM app split per command + CommonJS SEA main) + the web app (Vite) →
//   SEA blob made by the embedded node →
//   injected into a stripped copy of that node → run in an empty directory under `env -i`.
//
// The embedded node and the SQLite addon compiled for it come from npm and are cached under
// .cache/binary/ (first build ~2 min, then seconds). When nothing that goes into the executable
// changed, the existing one is kept.
//
// Usage: node scripts/build-binary.mjs [--force] [--out <dir>]
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildDefines } from './build.mjs';
import { plugins } from './esbuild-plugins/index.mjs';
import {
  NODE_RUNTIME,
  ensureNodeRuntime,
  ensureSqliteAddon,
  ensureStrippedNode,
} from './binary/runtime.mjs';
import { SEA_LOADER_NAME, bundleApp, bundleSeaMain, manifestId } from './binary/bundle.mjs';
import {
  SEA_EXEC_ARGV,
  generateBlob,
  injectBlob,
  sha256File,
  verifyExecutable,
} from './binary/inject.mjs';
import { withLock } from './binary/lock.mjs';
import { buildWeb } from './web/build-web.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values: opts } = parseArgs({
  options: {
    force: { type: 'boolean', default: false },
    out: { type: 'string', default: 'dist/bin' },
  },
});

const started = performance.now();
const seconds = (from) => ((performance.now() - from) / 1000).toFixed(1);
const log = (msg) => process.stderr.write(`build-binary: ${msg}\n`);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

const cacheRoot = join(root, '.cache', 'binary');
const buildDir = join(cacheRoot, 'build');
const outDir = resolve(root, opts.out);
const exe = join(outDir, 'factory');
const stampFile = join(cacheRoot, 'last-build.json');

async function buildBinary() {
  // 1. The embedded runtime (cached by version).
  const runtime = ensureNodeRuntime(cacheRoot);
  const addon = ensureSqliteAddon(cacheRoot, root, runtime);
  const base = ensureStrippedNode(cacheRoot, runtime);

  // 2. The program (esbuild is fast and deterministic: always rebuilt, then compared).
  const bundleStarted = performance.now();
  mkdirSync(buildDir, { recursive: true });
  const { files } = await bundleApp({
    entry: join(root, 'src', 'sea', 'app.ts'),
    workers: {
      'checkpoint-worker': join(root, 'src', 'store', 'checkpoint.worker.ts'),
      'label-worker': join(root, 'src', 'labels', 'label.worker.ts'),
    },
    outDir: buildDir,
    defines: buildDefines,
    plugins,
  });
  // The web app, served by the daemon from the cache directory (asset names `web/…`).
  const webStarted = performance.now();
  const web = (await buildWeb({ outDir: join(buildDir, 'web') })).map((f) => ({
    ...f,
    name: `web/${f.name}`,
  }));
  log(
    `web app: ${web.length} files (${(web.reduce((n, f) => n + f.size, 0) / 1e6).toFixed(2)} MB) in ${seconds(webStarted)} s`,
  );
  const addonAsset = {
    name: 'better_sqlite3.node',
    path: addon.path,
    size: statSync(addon.path).size,
  };
  const id = manifestId(pkg.version, [...files, addonAsset, ...web]);
  const manifest = {
    id,
    entry: 'app/app.mjs',
    loader: SEA_LOADER_NAME,
    app: files.map(({ name, size }) => ({ name, size })),
    addon: { name: addonAsset.name, size: addonAsset.size },
    web: web.map(({ name, size }) => ({ name, size })),
  };
  const mainFile = join(buildDir, 'sea-main.cjs');
  await bundleSeaMain({
    mainEntry: join(root, 'src', 'sea', 'main.ts'),
    outFile: mainFile,
    manifest,
  });
  const appBytes = files.reduce((n, f) => n + f.size, 0);
  log(
    `bundled ${files.length} files (${(appBytes / 1e6).toFixed(2)} MB) in ${seconds(bundleStarted)} s, id ${id}`,
  );

  // 3. Skip the slow part when the inputs of the executable are those of the one on disk.
  const key = createHash('sha256')
    .update(readFileSync(mainFile))
    .update(`${id}\0${NODE_RUNTIME.version}\0${base.path}\0${statSync(base.path).size}`)
    .update(`\0${SEA_EXEC_ARGV.join(' ')}`)
    .digest('hex');
  const last = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')) : undefined;
  if (
    !opts.force &&
    last?.key === key &&
    last?.exe === exe &&
    existsSync(exe) &&
    existsSync(join(outDir, 'factoryd')) &&
    statSync(exe).size === last.size
  ) {
    log(
      `${relative(root, exe)} is up to date (${(last.size / 1e6).toFixed(1)} MB), ${seconds(started)} s`,
    );
    return;
  }

  // 4. Blob, injection, checks, publication.
  const assets = [...files, addonAsset, ...web];
  const blobStarted = performance.now();
  const blobFile = generateBlob({ nodeBin: runtime.nodeBin, buildDir, mainFile, assets });
  log(`SEA blob ${(statSync(blobFile).size / 1e6).toFixed(1)} MB in ${seconds(blobStarted)} s`);

  mkdirSync(outDir, { recursive: true });
  const tmpExe = join(outDir, `.factory.${process.pid}.tmp`);
  try {
    const injectStarted = performance.now();
    injectBlob({ baseNode: base.path, blobFile, outFile: tmpExe });
    log(`injected in ${seconds(injectStarted)} s`);
    const { size, versionLine } = verifyExecutable({
      file: tmpExe,
      baseNode: base.path,
      blobFile,
      version: pkg.version,
      nodeVersion: NODE_RUNTIME.version,
    });
    renameSync(tmpExe, exe);
    const daemonLink = join(outDir, 'factoryd');
    rmSync(daemonLink, { force: true });
    symlinkSync('factory', daemonLink);
    const sha256 = sha256File(exe);
    writeFileSync(join(outDir, 'factory.sha256'), `${sha256}  factory\n`);
    writeFileSync(
      stampFile,
      `${JSON.stringify({ key, exe, size, sha256, stripped: base.stripped, builtAt: new Date().toISOString() }, null, 2)}\n`,
    );
    log(`${versionLine}`);
    log(
      `${relative(root, exe)}: ${(size / 1e6).toFixed(1)} MB (node ${base.stripped ? 'stripped' : 'unstripped'}), ` +
        `sha256 ${sha256.slice(0, 16)}…, total ${seconds(started)} s`,
    );
  } finally {
    rmSync(tmpExe, { force: true });
  }
}

mkdirSync(cacheRoot, { recursive: true });
await withLock(join(cacheRoot, 'build.lock'), buildBinary, {
  onWait: () => log('another build of this checkout is running: waiting for it'),
});
