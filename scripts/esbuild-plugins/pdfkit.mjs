// Makes pdfkit bundle: its standard fonts must be inlined, nothing read from node_modules at run time;
// and fontkit, which only embedded fonts need, stays out (see the second plugin).
//
// pdfkit 0.20 registers its 14 standard fonts as lazy loaders that call
// `createRequire(import.meta.url)('#standard-fonts/<Name>')`: a package-internal import that
// esbuild cannot see through a created require, and that would resolve against the bundle's own
// location at run time, where no pdfkit folder exists. This plugin rewrites each such call into a
// static import of the font's module (font metrics compiled to JavaScript, about 8 KB each), so
// the fonts travel inside the bundle. The loaders stay lazy in effect: they return data already
// in memory.
import { readFile } from 'node:fs/promises';

// The ES module build, which esbuild picks for `import PDFDocument from 'pdfkit'` on node.
const PDFKIT_ENTRY = /[\\/]pdfkit[\\/]js[\\/]pdfkit\.node\.mjs$/;
const STANDARD_FONT_CALL = /\b[\w$]+\(\s*['"]#standard-fonts\/(\w+)['"]\s*\)/g;

/** @type {import('esbuild').Plugin} */
const pdfkitStandardFonts = {
  name: 'pdfkit-standard-fonts',
  setup(build) {
    build.onLoad({ filter: PDFKIT_ENTRY }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const fonts = new Set();
      const contents = source.replace(STANDARD_FONT_CALL, (_call, name) => {
        fonts.add(name);
        return `__fdStandardFont_${name}`;
      });
      if (fonts.size === 0) {
        // A pdfkit release that loads its fonts differently: fail the build now rather than
        // ship a binary that cannot draw text.
        return {
          errors: [
            {
              text: `pdfkit-standard-fonts: no '#standard-fonts/…' loader found in ${args.path}; update scripts/esbuild-plugins/pdfkit.mjs for this pdfkit version`,
            },
          ],
        };
      }
      const imports = [...fonts]
        .map((name) => `import __fdStandardFont_${name} from './standard-fonts/${name}.mjs';\n`)
        .join('');
      return { contents: imports + contents, loader: 'js' };
    });
  },
};

/**
 * Leaves fontkit out. pdfkit imports it at the top of its module but calls it only to embed a
 * TrueType/OpenType font, and labels use the standard PDF fonts alone (src/labels/text-metrics.ts).
 * Loading fontkit and the Unicode tables it unpacks on import cost the daemon's first label
 * about 0.1 s and 7 MB that stayed in memory; a font given as a file now fails saying why.
 */
/** @type {import('esbuild').Plugin} */
const pdfkitWithoutFontkit = {
  name: 'pdfkit-without-fontkit',
  setup(build) {
    build.onResolve({ filter: /^fontkit$/ }, (args) =>
      PDFKIT_ENTRY.test(args.importer) ? { path: 'fontkit', namespace: 'pdfkit-no-fontkit' } : null,
    );
    build.onLoad({ filter: /.*/, namespace: 'pdfkit-no-fontkit' }, () => ({
      contents:
        "export function create() { throw new Error('fontkit is not bundled: labels use the standard PDF fonts only'); }\n",
      loader: 'js',
    }));
  },
};

export const pdfkitPlugins = [pdfkitStandardFonts, pdfkitWithoutFontkit];
