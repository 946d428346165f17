import {
  browserLanguage,
  supportedLanguage,
  switchLanguage,
  type CatalogLoaders,
  type Language,
} from './i18n.js';

/** Where a staff or retailer user's choice of language is kept, on this browser. */
const STORAGE_KEY = 'factoryd.language';

/**
 * The words staff app and portal share (the frame, sign-in, the shared widgets: about 1 KB
 * compressed per language): a chunk per language, loaded with the face's own.
 */
export const COMMON_CATALOGS: CatalogLoaders = {
  en: () => import('./catalogs/common/en.js'),
  pl: () => import('./catalogs/common/pl.js'),
  ro: () => import('./catalogs/common/ro.js'),
};

export const STAFF_CATALOGS: CatalogLoaders = {
  en: () => import('./catalogs/staff/en.js'),
  pl: () => import('./catalogs/staff/pl.js'),
  ro: () => import('./catalogs/staff/ro.js'),
};

export const PORTAL_CATALOGS: CatalogLoaders = {
  en: () => import('./catalogs/portal/en.js'),
  pl: () => import('./catalogs/portal/pl.js'),
  ro: () => import('./catalogs/portal/ro.js'),
};

let faceCatalogs: Array<{ ns: string; loaders: CatalogLoaders }> = [];

/** The language this browser's user chose (the language menu), else the browser's. */
export function chosenLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window): the browser's language.
  }
  return supportedLanguage(stored) ?? browserLanguage();
}

/**
 * Starts a signed-in face (staff app, portal, board) in the user's language (or `lang`, when the
 * face was told one: the board's `?lang=`): its own catalog and the shared one, loaded before the
 * first paint.
 */
export async function startFaceLanguage(
  ns: 'staff' | 'portal',
  lang: Language | null = null,
): Promise<void> {
  faceCatalogs = [
    { ns: 'common', loaders: COMMON_CATALOGS },
    { ns, loaders: ns === 'staff' ? STAFF_CATALOGS : PORTAL_CATALOGS },
  ];
  await switchLanguage(lang ?? chosenLanguage(), faceCatalogs);
}

/** The language menu's choice: remembered on this browser, and the page switches to it. */
export async function chooseLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not remembered; the page still switches.
  }
  await switchLanguage(lang, faceCatalogs);
}
