// Keeps every emitted JavaScript file pure ASCII.
//
// Node reads a module's source with a UTF-8 decoder that returns a two-byte (UTF-16) string as
// soon as the file holds one non-ASCII character, and V8 keeps that string for the life of the
// process: one "ä" in a licence comment doubled the memory of the daemon's 1.5 MB serve chunk,
// and a few typographic quotes in dependencies' doc comments turned the 8.5 MB development bundle
// into 17 MB of heap. esbuild already escapes non-ASCII characters in strings, regular
// expressions and identifiers (its default `charset: 'ascii'`), but copies comments as they are;
// so whatever non-ASCII is left is comment text, where writing the character as `\u00e4` changes
// nothing but the comment's spelling. (Source-map columns after such a comment on the same line
// shift by a few characters; doc comments sit on lines of their own.)
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';

const NON_ASCII = /[\u0080-\u{10ffff}]/gu;
const escape = (ch) => {
  const cp = ch.codePointAt(0);
  return cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, '0')}`;
};

/** @type {import('esbuild').Plugin} */
export const asciiOutput = {
  name: 'ascii-output',
  setup(build) {
    build.initialOptions.metafile = true;
    // Output paths in the metafile are relative to the working directory of the build.
    const cwd = build.initialOptions.absWorkingDir ?? process.cwd();
    build.onEnd(async (result) => {
      if (result.errors.length > 0 || !result.metafile || build.initialOptions.write === false) {
        return;
      }
      const files = Object.keys(result.metafile.outputs)
        .filter((f) => /\.[cm]?js$/.test(f))
        .map((f) => resolve(cwd, f));
      await Promise.all(
        files.map(async (file) => {
          const text = await readFile(file, 'utf8');
          if (/[\u0080-\u{10ffff}]/u.test(text))
            await writeFile(file, text.replace(NON_ASCII, escape));
        }),
      );
    });
  },
};
