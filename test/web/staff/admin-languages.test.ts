// The staff app's admin screens in Polish and Romanian (docs/languages.md): Settings, Stations and
// Integrations read in the chosen language, with plurals and dates by locale, no English left
// over, and no word clipped at 800×480 or 1280×800.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../../helpers/browser.js';
import {
  http,
  webHarnessForFile,
  STAFF_PASSWORD,
  createStaff,
  signInToStaffApp,
} from '../../helpers/web.js';
import type { Catalog } from '../../../src/web/shared/i18n/i18n.js';
import staffEn from '../../../src/web/shared/i18n/catalogs/staff/en.js';
import staffPl from '../../../src/web/shared/i18n/catalogs/staff/pl.js';
import staffRo from '../../../src/web/shared/i18n/catalogs/staff/ro.js';

const w = webHarnessForFile();

type Lang = 'pl' | 'ro';

/** Every message of a catalog section, by key. */
function messages(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(catalog)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of messages(v, key)) out.set(kk, vv);
  }
  return out;
}

/**
 * English left on a page in another language: the English sentences and labels of the sections
 * shown (those the language writes differently), found in the page's text.
 */
function englishLeft(text: string, lang: Lang, sections: string[]): string[] {
  const en = messages(staffEn as Catalog);
  const other = messages((lang === 'pl' ? staffPl : staffRo) as Catalog);
  const found: string[] = [];
  // Names stay as they are in every language: the webhook signing standard's.
  const said = text.replaceAll('Standard Webhooks', '');
  for (const [key, english] of en) {
    if (!sections.some((s) => key.startsWith(`${s}.`))) continue;
    if (other.get(key) === english || english.length < 5 || /\{\{|<\d>/.test(english)) continue;
    // As a whole word or phrase: "Admin" is not left over in "Administrator".
    const escaped = english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(?<!\\p{L})${escaped}(?!\\p{L})`, 'u').test(said))
      found.push(`${key}: “${english}”`);
  }
  return found;
}

/**
 * Text that does not fit where it is: an element whose content is wider than its box while it
 * hides or cuts the overflow (a clipped word), or anything past the viewport's right edge.
 */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.closest('svg, .visually-hidden') || el.offsetParent === null) continue;
      const style = getComputedStyle(el);
      const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      const text = (el.innerText ?? '').trim().slice(0, 40);
      // A scrolling table is not clipping: its words are all there, a swipe away.
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (hides && !scrolls && el.scrollWidth > el.clientWidth && text && el.tagName !== 'INPUT') {
        out.push(`${el.tagName}.${el.className}: “${text}” ${el.scrollWidth} > ${el.clientWidth}`);
      }
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && el.children.length === 0 && text) {
        if (!el.closest('.table-wrap')) {
          out.push(`${el.tagName}.${el.className}: “${text}” ends at ${box.right} > ${width}`);
        }
      }
    }
    return out;
  });
}

/** What the three screens say, per language: the catalogs' own words. */
const WORDS = {
  pl: {
    settings: { tab: 'Ustawienia', field: 'Strefa czasowa', save: 'Zapisz ustawienia' },
    stations: { title: 'Stanowiska', pair: 'Sparuj nowe stanowisko', role: 'Produkcja' },
    keys: {
      tab: 'Klucze API',
      create: 'Utwórz klucz API',
      roll: 'Wymienić „ERP”?',
      webhooks: 'Webhooki',
      allEvents: 'Wszystkie zdarzenia',
    },
    overlaps: ['Zatrzymaj od razu', '1 godzina', '24 godziny', '7 dni'],
  },
  ro: {
    settings: { tab: 'Setări', field: 'Fus orar', save: 'Salvare setări' },
    stations: { title: 'Posturi', pair: 'Asociați un post nou', role: 'Producție' },
    keys: {
      tab: 'Chei API',
      create: 'Creare cheie API',
      roll: 'Înlocuiți „ERP”?',
      webhooks: 'Webhookuri',
      allEvents: 'Toate evenimentele',
    },
    overlaps: ['Oprire imediată', '1 oră', '24 de ore', '7 zile'],
  },
} as const;

describe('the staff app’s admin screens in Polish and Romanian', () => {
  it('Settings, Stations and API keys switch to the chosen language, and fit 800×480', async () => {
    await createStaff(w, { email: 'ana@factory.test', name: 'Ana', role: 'admin' });
    const issued = await w.api('POST', '/v1/stations/pairing-codes', {
      name: 'Linia 1',
      role: 'produce',
    });
    const paired = await http(w.url('/'), 'POST', '/v1/stations/pair', {
      token: null,
      body: { code: issued.code },
    });
    expect(paired.status).toBe(200);
    await w.api('POST', '/v1/api-keys', { name: 'ERP', scopes: ['read', 'orders:write'] });
    await w.api('POST', '/v1/webhooks', { url: 'https://erp.example.test/hooks', events: ['*'] });

    const { context, page, problems } = await openPage(w.browser, {
      viewport: VIEWPORTS.desktop,
      locale: 'en-GB',
    });
    await signInToStaffApp(w, page, 'ana@factory.test', '/factory/settings');
    // English until a language is chosen.
    await page.getByLabel('Time zone').waitFor();

    for (const lang of ['ro', 'pl'] as const) {
      const words = WORDS[lang];
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.getByRole('combobox', { name: /^(Language|Język|Limba)$/ }).selectOption(lang);

      // Settings: the tabs, every label and hint, the button.
      await page.goto(w.url('/factory/settings'));
      await page.getByLabel(words.settings.field).waitFor();
      expect(await page.getByRole('link', { name: words.settings.tab }).count()).toBe(1);
      expect(await page.getByRole('button', { name: words.settings.save }).count()).toBe(1);
      let text = await page.locator('main').innerText();
      expect(englishLeft(text, lang, ['factory.tabs', 'factory.settings'])).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `staff-settings-${lang}`);

      // Stations: the list in the language, the station's role and its last scan "never".
      await page.goto(w.url('/stations'));
      await page.getByRole('heading', { name: words.stations.title, level: 1 }).waitFor();
      await page.getByRole('cell', { name: words.stations.role }).waitFor();
      expect(await page.getByRole('button', { name: words.stations.pair }).count()).toBe(1);
      text = await page.locator('main').innerText();
      expect(englishLeft(text, lang, ['stations'])).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `staff-stations-${lang}`);

      // Integrations: API keys, and rolling one offers its overlaps with the language's plurals.
      await page.goto(w.url('/integrations/api-keys'));
      await page.getByRole('button', { name: words.keys.create }).waitFor();
      expect(await page.getByRole('link', { name: words.keys.tab }).count()).toBe(1);
      text = await page.locator('main').innerText();
      expect(englishLeft(text, lang, ['integrations.tabs', 'integrations.keys'])).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `staff-integrations-${lang}`);
      await page.getByRole('row', { name: /ERP/ }).getByRole('button').first().click();
      const dialog = page.getByRole('dialog', { name: words.keys.roll });
      await dialog.waitFor();
      const options = await dialog.locator('option').allInnerTexts();
      expect(options).toEqual([...words.overlaps]);
      expect(englishLeft(await dialog.innerText(), lang, ['integrations'])).toEqual([]);
      await screenshot(page, `staff-roll-key-${lang}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Webhooks: the endpoint's row and its actions.
      await page.getByRole('link', { name: words.keys.webhooks }).click();
      await page.getByRole('cell', { name: words.keys.allEvents }).waitFor();
      text = await page.locator('main').innerText();
      expect(englishLeft(text, lang, ['integrations.tabs', 'integrations.webhooks'])).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, `staff-webhooks-${lang}`);
    }
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });
});

/** The other converted screens: where each is, and what shows it has loaded, per language. */
const SCREENS = [
  {
    path: '/factory/company',
    sections: ['factory.company'],
    ready: { pl: 'Dane firmy', ro: 'Datele companiei' },
  },
  {
    path: '/factory/plans',
    sections: ['factory.plans'],
    ready: { pl: 'O tych planach', ro: 'Despre aceste planuri' },
  },
  {
    path: '/factory/staff',
    sections: ['factory.staff'],
    ready: { pl: 'Dodaj użytkownika', ro: 'Adăugare utilizator' },
  },
  {
    path: '/factory/sso',
    sections: ['sso'],
    ready: { pl: 'Logowanie SSO', ro: 'Autentificare unică' },
  },
  {
    path: '/returns',
    sections: ['returns'],
    ready: { pl: 'Zarejestruj zwrot', ro: 'Înregistrare retur' },
  },
  {
    path: '/integrations/deliveries',
    sections: ['integrations.deliveries'],
    ready: { pl: 'Filtruj doręczenia', ro: 'Filtrare trimiteri' },
  },
] as const;

describe('the other converted staff screens', () => {
  it('read in Polish and Romanian with no English left, and fit 800×480', async () => {
    const { context, page, problems } = await openPage(w.browser, {
      viewport: VIEWPORTS.desktop,
      locale: 'pl-PL',
    });
    await page.goto(w.url('/stations'));
    await page.getByLabel('E-mail').fill('ana@factory.test');
    await page.getByLabel('Hasło').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.getByRole('heading', { name: 'Stanowiska', level: 1 }).waitFor();
    for (const lang of ['pl', 'ro'] as const) {
      await page.getByLabel(/^(Język|Limba)$/).selectOption(lang);
      for (const screen of SCREENS) {
        await page.goto(w.url(screen.path));
        await page
          .getByLabel(screen.ready[lang])
          .or(page.getByRole('button', { name: screen.ready[lang] }))
          .first()
          .waitFor();
        const text = await page.locator('main').innerText();
        expect(englishLeft(text, lang, [...screen.sections]), screen.path).toEqual([]);
        await shoot(page, `staff${screen.path.replaceAll('/', '-')}-${lang}`);
      }
      // The pairing dialog: its code, countdown and how-to, in the language.
      await page.goto(w.url('/stations'));
      const pair = lang === 'pl' ? 'Sparuj nowe stanowisko' : 'Asociați un post nou';
      await page.getByRole('button', { name: pair }).click();
      const form = page.getByRole('dialog', { name: pair });
      await form.getByLabel(lang === 'pl' ? 'Nazwa stanowiska' : 'Numele postului').fill('Linia 2');
      await form
        .getByRole('button', {
          name: lang === 'pl' ? 'Pobierz kod parowania' : 'Obțineți un cod de asociere',
        })
        .click();
      const dialog = page.getByRole('dialog', {
        name: lang === 'pl' ? 'Sparuj „Linia 2”' : 'Asociați „Linia 2”',
      });
      await dialog.getByRole('definition').waitFor();
      expect(englishLeft(await dialog.innerText(), lang, ['stations'])).toEqual([]);
      await screenshot(page, `staff-pairing-${lang}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });
});

/** A screenshot of the whole page at 1280×800 and at 800×480, with no word clipped in either. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['1280x800', VIEWPORTS.desktop],
    ['800x480', VIEWPORTS.panel],
  ] as const) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${size}`, { fullPage: true });
    expect(await clipped(page), `${name} at ${size}`).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}
