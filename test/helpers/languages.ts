/// <reference lib="dom" />
// What a translated screen must not show: English left over from a catalog, or a word cut off
// (docs/languages.md). Used by the staff app's and the portal's language tests.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Catalog } from '../../src/web/shared/i18n/i18n.js';
import { REPO_ROOT } from './daemon.js';

function values(catalog: Catalog): string[] {
  return Object.values(catalog).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
}

async function catalogValues(ns: string, lang: string): Promise<string[]> {
  const file = join(REPO_ROOT, 'src/web/shared/i18n/catalogs', ns, `${lang}.ts`);
  return values(((await import(file)) as { default: Catalog }).default);
}

/**
 * The English phrases of the namespaces' catalogs that `lang` does not also use: the words
 * between placeholders and tags, five characters or more. A page in `lang` showing one of them
 * shows English it should not.
 */
export async function englishOnly(namespaces: string[], lang: string): Promise<string[]> {
  const english = new Set<string>();
  const translated: string[] = [];
  for (const ns of namespaces) {
    for (const v of await catalogValues(ns, 'en')) {
      for (const part of v.split(/\{\{\w+\}\}|<\/?\w+>/)) {
        const phrase = part.trim().replace(/^[\s,.:;()–—·]+|[\s,.:;()–—·]+$/g, '');
        if (phrase.length >= 5 && /\p{L}{3}/u.test(phrase)) english.add(phrase);
      }
    }
    translated.push(...(await catalogValues(ns, lang)));
  }
  return [...english].filter((p) => !translated.some((v) => v.includes(p)));
}

/** The English phrases a page shows (its text, dialogs included) that `lang` should have replaced. */
export async function englishLeft(
  page: Page,
  namespaces: string[],
  lang: string,
): Promise<string[]> {
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  // Whole words only: `pieces` is not in `pieces_per_unit` (a CSV column's name).
  const shown = (p: string) =>
    new RegExp(`(?<![\\p{L}_])${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}_])`, 'u').test(
      text,
    );
  return (await englishOnly(namespaces, lang)).filter(shown);
}

/**
 * Text that does not fit where it is: an element that cuts its overflow (hidden, clip, an
 * ellipsis) while its content is wider, or text past the viewport's right edge outside a
 * scrolling box (a wide table scrolls inside its own box; that is not a clipped word).
 */
export async function clippedWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    // The page itself wider than the screen: something runs off its right edge.
    if (document.documentElement.scrollWidth > width + 1) {
      out.push(`the page is ${document.documentElement.scrollWidth} px wide, not ${width}`);
    }
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.closest('svg, .visually-hidden') || el.offsetParent === null) continue;
      if (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'OPTION') continue;
      const style = getComputedStyle(el);
      const cuts =
        style.overflowX === 'hidden' ||
        style.overflowX === 'clip' ||
        style.textOverflow === 'ellipsis';
      const text = (el.innerText ?? '').trim().slice(0, 40);
      if (cuts && el.scrollWidth > el.clientWidth + 1 && text) {
        out.push(`${el.tagName}.${el.className}: “${text}” ${el.scrollWidth} > ${el.clientWidth}`);
      }
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && el.children.length === 0 && text) {
        if (!inScroller(el))
          out.push(`${el.tagName}.${el.className}: “${text}” ends at ${box.right}`);
      }
    }
    return out;
  });
}
