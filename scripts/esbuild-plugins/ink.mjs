// Makes Ink bundle and run from a bundle.
//
// - ink/build/reconciler.js connects to React DevTools and reads Ink's own package.json when
//   DEV=true, both through top-level awaits. In a bundle neither file exists at run time, so a
//   factory machine that happens to export DEV=true would crash on start. The patch below removes
//   both awaits: the DevTools import fails the way Ink already reports a missing
//   react-devtools-core, and the renderer name/version are fixed at build time.
// - react-devtools-core is an optional peer dependency we never install: anything still
//   importing it gets an empty module, so resolution cannot fail the build.
//
// yoga-layout keeps its own top-level await: our bundles are ESM, where that is valid.
//
// The patch matches exact text of the pinned Ink release; if an upgrade changes that text the
// build fails here, naming the file, instead of shipping an unpatched Ink.
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Ink release whose reconciler.js the replacements below were written against. */
export const INK_PATCHED_VERSION = '6.8.0';

const DEVTOOLS_IMPORT = "await import('./devtools.js');";
const DEVTOOLS_REPLACEMENT =
  "throw Object.assign(new Error('React DevTools are not bundled'), { code: 'ERR_MODULE_NOT_FOUND' });";

const PACKAGE_JSON_READ = `const packageJson = isDev()
    ? await loadPackageJson()
    : { name: undefined, version: undefined };`;

function packageJsonOf(file) {
  // reconciler.js lives in <ink>/build/.
  const pkgFile = join(dirname(dirname(file)), 'package.json');
  return JSON.parse(readFileSync(pkgFile, 'utf8'));
}

function replaceOnce(source, search, replacement, file, version) {
  const at = source.indexOf(search);
  if (at < 0 || source.indexOf(search, at + search.length) >= 0) {
    throw new Error(
      `ink plugin: expected text not found exactly once in ${file} (ink ${version}; ` +
        `patch written for ink ${INK_PATCHED_VERSION}). Re-check scripts/esbuild-plugins/ink.mjs ` +
        `against the new release before bundling.\nExpected:\n${search}`,
    );
  }
  return source.slice(0, at) + replacement + source.slice(at + search.length);
}

/** Exported for the build's self-check and tests: the patched text of reconciler.js. */
export function patchInkReconciler(source, file, version) {
  let out = replaceOnce(source, DEVTOOLS_IMPORT, DEVTOOLS_REPLACEMENT, file, version);
  out = replaceOnce(
    out,
    PACKAGE_JSON_READ,
    `const packageJson = { name: 'ink', version: ${JSON.stringify(version)} };`,
    file,
    version,
  );
  return out;
}

const reconcilerFilter = /[\\/]ink[\\/]build[\\/]reconciler\.js$/;

/** @type {import('esbuild').Plugin} */
const inkReconcilerPlugin = {
  name: 'ink-reconciler-no-dev-await',
  setup(build) {
    build.onLoad({ filter: reconcilerFilter }, async (args) => {
      const { version } = packageJsonOf(args.path);
      if (version !== INK_PATCHED_VERSION) {
        console.warn(
          `ink plugin: patching ink ${version}, written for ${INK_PATCHED_VERSION}; the text still matched.`,
        );
      }
      const source = await readFile(args.path, 'utf8');
      return { contents: patchInkReconciler(source, args.path, version), loader: 'js' };
    });
  },
};

/** @type {import('esbuild').Plugin} */
const devtoolsStubPlugin = {
  name: 'react-devtools-core-stub',
  setup(build) {
    build.onResolve({ filter: /^react-devtools-core$/ }, () => ({
      path: 'react-devtools-core',
      namespace: 'react-devtools-core-stub',
    }));
    build.onLoad({ filter: /.*/, namespace: 'react-devtools-core-stub' }, () => ({
      contents: 'export default { initialize() {}, connectToDevTools() {} };',
      loader: 'js',
    }));
  },
};

export const inkPlugins = [inkReconcilerPlugin, devtoolsStubPlugin];
