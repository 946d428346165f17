import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The web app's languages (DESIGN §17): every face has a complete catalog in each
 * (test/web/i18n/catalogs.test.ts). docs/languages.md says how to add one.
 */
export const LANGUAGES = ['en', 'pl', 'ro'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own words, for the language menus. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  pl: 'Polski',
  ro: 'Română',
};

/** The locale dates and numbers are written in, per language. */
const LOCALES: Record<Language, string> = { en: 'en-GB', pl: 'pl-PL', ro: 'ro-RO' };

/** A catalog: nested messages, plural forms as `key_one`, `key_few`, `key_many`, `key_other`. */
export interface Catalog {
  [key: string]: string | Catalog;
}

/** Where a face's catalogs come from: one chunk per language, loaded when it is chosen. */
export type CatalogLoaders = Record<Language, () => Promise<{ default: Catalog }>>;

/** The language a tag such as `pl-PL`, `ro` or `en-US` names, if the app speaks it. */
export function supportedLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((l) => l === base) ?? null;
}

/** The first of the browser's languages the app speaks, else English. */
export function browserLanguage(): Language {
  const tags =
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of tags) {
    const lang = supportedLanguage(tag);
    if (lang) return lang;
  }
  return 'en';
}

/**
 * The one i18next instance of the page. Catalogs are bundled (no fetch of a catalog from
 * anywhere but the app's own chunks); React re-renders on a language change.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: {},
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

/** The page's language now. */
export function currentLanguage(): Language {
  return supportedLanguage(i18n.language) ?? 'en';
}

/** The locale of the page's language, for Intl. */
export function currentLocale(): string {
  return LOCALES[currentLanguage()];
}

/**
 * Loads a face's catalog for `lang` (once) and switches the page to it. The namespace is the
 * face's: `station`, `portal`, `staff` (and `common` for the parts staff and portal share).
 */
export async function switchLanguage(
  lang: Language,
  faces: Array<{ ns: string; loaders: CatalogLoaders }>,
): Promise<void> {
  await Promise.all(
    faces.map(async ({ ns, loaders }) => {
      if (i18n.hasResourceBundle(lang, ns)) return;
      const catalog = (await loaders[lang]()).default;
      i18n.addResourceBundle(lang, ns, catalog, true, true);
    }),
  );
  await i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
