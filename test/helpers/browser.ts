/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Browser tests run functions inside the page (page.evaluate): those need the DOM's types.
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { REPO_ROOT } from './daemon.js';

/**
 * Debian's Chromium (`apt-get install chromium`), never a downloaded browser. CHROMIUM overrides
 * the path for machines that keep it elsewhere.
 */
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/**
 * Headless, no sandbox (containers and CI have no user namespaces), and nothing that phones out:
 * no QUIC, no component or background updates, no sync, no first-run pages. Playwright gives each
 * launch a fresh temporary --user-data-dir, so no profile state leaks between runs.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? join(REPO_ROOT, 'dist', 'screenshots');

/** Viewports the station page is made for (DESIGN §12), and the staff app's desktop. */
export const VIEWPORTS = {
  tablet: { width: 1024, height: 768 },
  panel: { width: 800, height: 480 },
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** `extraArgs` add to CHROMIUM_FLAGS (a fake camera, say). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    chromiumSandbox: false,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
    timeout: 60_000,
  });
}

/** What a page reported while it ran: script errors and Content-Security-Policy refusals. */
export interface PageProblems {
  errors: string[];
  cspViolations: string[];
}

/**
 * A page in a new context (its own storage, like another device), watched for script errors and
 * CSP refusals — the server's policy is enforced, never bypassed.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; problems: PageProblems }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.tablet, ...options });
  const page = await context.newPage();
  const problems: PageProblems = { errors: [], cspViolations: [] };
  page.on('pageerror', (err) => problems.errors.push(err.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Content Security Policy/i.test(text)) problems.cspViolations.push(text);
  });
  return { context, page, problems };
}

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is now and returns the violations of at least `minImpact`
 * (WCAG 2.x A and AA rules). axe is evaluated through the DevTools protocol, which the page's CSP
 * does not govern, so the page keeps its real policy.
 */
export async function axeViolations(
  page: Page,
  minImpact: 'minor' | 'moderate' | 'serious' | 'critical' = 'serious',
): Promise<AxeViolation[]> {
  const order = ['minor', 'moderate', 'serious', 'critical'];
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    interface AxeResult {
      violations: Array<{
        id: string;
        impact: string | null;
        help: string;
        nodes: Array<{ target: unknown }>;
      }>;
    }
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<AxeResult> };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => String(n.target)),
    }));
  });
  return violations.filter((v) => order.indexOf(v.impact ?? 'minor') >= order.indexOf(minImpact));
}

/** Saves a PNG of the page (the viewport, or all of it) under SCREENSHOT_DIR; returns its path. */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled', ...options });
  return path;
}
