// Bundles the program for the single executable: an ESM bundle split per command (the app), the
// loader shim, and the CommonJS SEA main that carries the manifest of both.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listAssets } from '../web/build-web.mjs';

/** The CommonJS file through which the SEA main performs import() (see src/sea/main.ts). */
const LOADER_NAME = 'app/load.cjs';
const LOADER_SOURCE = "'use strict';\nmodule.exports = (url) => import(url);\n";

/**
 * better-sqlite3 falls back to the `bindings` package to find its addon in node_modules when no
 * binding object is given. In the executable that would be a bug (the SEA main always hands one
 * over), so it fails saying so instead of searching the disk.
 */
const noBindingsLookup = {
  name: 'no-bindings-lookup',
  setup(b) {
    b.onResolve({ filter: /^bindings$/ }, () => ({ path: 'bindings', namespace: 'sea-stub' }));
    b.onLoad({ filter: /.*/, namespace: 'sea-stub' }, () => ({
      contents:
        "module.exports = () => { throw new Error('the SQLite addon was not registered by the executable start-up'); };",
      loader: 'js',
    }));
  },
};

/**
 * Builds the app into outDir/app and returns the files (name = asset key = path in the cache
 * directory) with their absolute paths and sizes. `workers` are entries of their own (worker
 * threads' modules), named as the app expects to find them beside app.mjs.
 */
export async function bundleApp({ entry, workers = {}, outDir, defines, plugins }) {
  const appDir = join(outDir, 'app');
  rmSync(appDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { app: entry, ...workers },
    outdir: appDir,
    outExtension: { '.js': '.mjs' },
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    // Whitespace and syntax only: a stack trace from a factory floor should still name functions.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'eof',
    logLevel: 'warning',
    metafile: true,
    define: defines,
    plugins: [...plugins, noBindingsLookup],
    jsx: 'automatic',
    // CommonJS dependencies inside an ESM bundle still call require() for built-ins.
    banner: {
      js: "import { createRequire as __fdCreateRequire } from 'node:module'; const require = __fdCreateRequire(import.meta.url);",
    },
  });
  writeFileSync(join(outDir, LOADER_NAME), LOADER_SOURCE);
  const files = listAssets(appDir, outDir);
  return { files, metafile: result.metafile };
}

/** `<version>-<12 hex of the sha256 of every asset>`: a new build never reuses an old cache dir. */
export function manifestId(version, assets) {
  const h = createHash('sha256');
  for (const a of assets) {
    h.update(`${a.name}\0${a.size}\0`);
    h.update(readFileSync(a.path));
  }
  return `${version}-${h.digest('hex').slice(0, 12)}`;
}

/** Bundles src/sea/main.ts to CommonJS with the manifest written in. */
export async function bundleSeaMain({ mainEntry, outFile, manifest }) {
  mkdirSync(join(outFile, '..'), { recursive: true });
  await build({
    entryPoints: [mainEntry],
    outfile: outFile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node24',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: { __SEA_MANIFEST__: JSON.stringify(manifest) },
  });
}

export const SEA_LOADER_NAME = LOADER_NAME;
