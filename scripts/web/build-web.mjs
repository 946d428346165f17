// Builds the web app (src/web) into static files and precompresses them, for `factoryd serve` to
// send as they are: `<file>.br` and `<file>.gz` next to each text file that shrinks.
// Used by scripts/build.mjs (into dist/web) and scripts/build-binary.mjs (into its build dir).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt)$/;
/** Below this, compression saves less than the header it costs. */
const MIN_BYTES = 256;

function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out.sort();
}

/**
 * Every file under `dir`, sorted, as `{ name, path, size }`: `name` is the path relative to
 * `base` with `/` separators (the asset's key), `path` the absolute one.
 */
export function listAssets(dir, base = dir) {
  return listFiles(dir).map((abs) => ({
    name: relative(base, abs).split(sep).join('/'),
    path: abs,
    size: statSync(abs).size,
  }));
}

/** Writes `.br` (quality 11) and `.gz` (level 9) beside every compressible file they shrink. */
function precompress(dir) {
  for (const file of listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
  }
}

/**
 * Builds the app into `outDir` (emptied first) and returns its files: `name` is the path relative
 * to `outDir` with `/` separators.
 */
export async function buildWeb({ outDir, logLevel = 'warn' } = {}) {
  // Always the production build (React's, without dev checks; import.meta.env.PROD): Vite would
  // follow a NODE_ENV inherited from the caller, and test runners set it to `test`.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  const target = resolve(root, outDir ?? join('dist', 'web'));
  await build({
    configFile: join(root, 'vite.config.ts'),
    mode: 'production',
    logLevel,
    build: { outDir: target, emptyOutDir: true },
  });
  // The station page's own build (station.html, its service worker) beside the app's.
  await build({
    configFile: join(root, 'vite.config.ts'),
    mode: 'station',
    logLevel,
    build: { outDir: target, emptyOutDir: false },
  });
  precompress(target);
  return listAssets(target);
}
