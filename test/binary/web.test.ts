// The web app the single executable carries: served from its own unpacked copy, in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTABLE } from '../helpers/daemon.js';
import { openPage } from '../helpers/browser.js';
import { startWebHarness, type WebHarness } from '../helpers/web.js';

let w: WebHarness;

beforeAll(async () => {
  w = await startWebHarness();
});

afterAll(async () => {
  await w?.close();
});

describe('the web app in the single executable', () => {
  it('serves the station page, precompressed and cached as the bundles do', async () => {
    expect(EXECUTABLE).toBe('binary');
    const { page, problems, context } = await openPage(w.browser);
    await page.goto(w.url('/station'));
    await page.getByRole('heading', { name: 'Station' }).waitFor();
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();

    const html = await fetch(w.url('/station')).then((r) => r.text());
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const res = await fetch(w.url(script!), { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
  });
});
