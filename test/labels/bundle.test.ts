import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';
import { decodePdf } from './decode.js';

const root = resolve(import.meta.dirname, '../..');

// The same plugins and banner as scripts/build.mjs, so this catches what breaks the real bundle.
const BANNER =
  "import { createRequire as __fdCreateRequire } from 'node:module'; const require = __fdCreateRequire(import.meta.url);";

describe('labels from an esbuild bundle', () => {
  let dir: string;
  let bundle: string;

  beforeAll(async () => {
    const { plugins } = (await import(
      pathToFileURL(join(root, 'scripts/esbuild-plugins/index.mjs')).href
    )) as { plugins: Plugin[] };
    // Outside the repository: no node_modules above it to fall back on.
    dir = mkdtempSync(join(tmpdir(), 'factoryd-label-bundle-'));
    bundle = join(dir, 'render-labels.mjs');
    await build({
      entryPoints: [join(root, 'test/labels/fixtures/render-labels.entry.ts')],
      outfile: bundle,
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      plugins,
      banner: { js: BANNER },
    });
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('inlines the standard fonts instead of requiring them at run time', () => {
    const code = readFileSync(bundle, 'utf8');
    expect(code).not.toContain('#standard-fonts/');
    // The fonts' metrics, compiled to JavaScript, travel inside the bundle.
    expect(code).toContain('glyphWidths');
  });

  it.each([203, 300])('renders a readable PDF when run away from node_modules (%i dpi)', (dpi) => {
    const out = join(dir, `labels-${dpi}.pdf`);
    execFileSync(process.execPath, [bundle, out, 'pdf', String(dpi)], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const pdf = readFileSync(out);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');

    const [test, piece] = decodePdf(pdf, dpi);
    expect(test).toEqual({ code128: [TEST_LABEL_STRING], qr: [TEST_LABEL_STRING] });
    expect(piece).toEqual({ code128: ['ACME 0000042'], qr: ['ACME 0000042'] });
  });

  it('renders ZPL from the bundle', () => {
    const out = join(dir, 'labels.zpl');
    execFileSync(process.execPath, [bundle, out, 'zpl', '300'], { cwd: dir, stdio: 'pipe' });
    const zpl = readFileSync(out, 'utf8');
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toContain('^PW1200');
  });
});
