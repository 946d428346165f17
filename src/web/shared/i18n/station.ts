import type { CatalogLoaders } from './i18n.js';

/** The station page's catalogs: only the language in use is loaded (its own small chunk). */
export const STATION_CATALOGS: CatalogLoaders = {
  en: () => import('./catalogs/station/en.js'),
  pl: () => import('./catalogs/station/pl.js'),
  ro: () => import('./catalogs/station/ro.js'),
};
