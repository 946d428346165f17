// Bundles each entry with esbuild into dist/ (an ESM file per entry, and under dist/chunks the
// modules they load on demand or share), then builds the web app into dist/web
// (scripts/web/build-web.mjs), which `factoryd serve` serves.
// Dependencies are bundled too, so a package that cannot be bundled fails here, the day it arrives;
// only better-sqlite3 stays external in development builds (its native addon lives in node_modules).
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { plugins } from './esbuild-plugins/index.mjs';
import { buildWeb } from './web/build-web.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

export const buildDefines = {
  __FACTORYD_VERSION__: JSON.stringify(pkg.version),
  __FACTORYD_COMMIT__: JSON.stringify(process.env.FACTORYD_COMMIT ?? gitCommit()),
};

const entries = {
  factoryd: 'src/daemon/entry.ts',
  factory: 'src/cli/entry.ts',
  // The WAL checkpoint thread's module, found by factoryd next to itself.
  'checkpoint-worker': 'src/store/checkpoint.worker.ts',
  // The label thread's module (pdfkit, fonts, barcode encoders), found the same way.
  'label-worker': 'src/labels/label.worker.ts',
};

// Imported by scripts/build-binary.mjs for buildDefines: bundle only when run as a script.
const runAsScript =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (runAsScript) {
  // Chunk names carry a hash: an old build's chunks would pile up beside the new ones.
  rmSync('dist/chunks', { recursive: true, force: true });
  await build({
    entryPoints: entries,
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Split: what a command imports on demand (labels, CSV, PostgreSQL, the scheduler, another
    // command) is a chunk of its own, read and compiled only if that code runs. One file per
    // entry would make every process parse, and keep in memory, the source of all of them.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    external: ['better-sqlite3'],
    define: buildDefines,
    plugins,
    jsx: 'automatic',
    // CommonJS dependencies inside an ESM bundle still call require() for built-ins.
    banner: {
      js: "import { createRequire as __fdCreateRequire } from 'node:module'; const require = __fdCreateRequire(import.meta.url);",
    },
  });
  await buildWeb();
}
