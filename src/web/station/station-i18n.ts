import { useTranslation } from 'react-i18next';
import {
  browserLanguage,
  i18n,
  supportedLanguage,
  switchLanguage,
  type Language,
} from '../shared/i18n/i18n.js';
import { STATION_CATALOGS } from '../shared/i18n/station.js';

/**
 * A sentence the station shows, kept as a catalog key and its values so that it reads in the
 * language of the moment (an operator's badge switches it), or the server's own words (`text`)
 * where the catalog has none.
 */
export type StationText =
  { key: string; values?: Record<string, string | number> } | { text: string };

/**
 * Switches the station page to `lang` (an operator's language, e.g. `language` on the answer to a
 * badge scan): loads its catalog once, then every word on screen follows. A language the app does
 * not speak leaves the page as it is. Resolves when the page has switched.
 */
export async function setStationLanguage(lang: string | null | undefined): Promise<void> {
  const language = supportedLanguage(lang);
  if (!language) return;
  await switchLanguage(language, [{ ns: 'station', loaders: STATION_CATALOGS }]);
}

/** The language a station starts in: the browser's first that the app speaks, else English. */
export function initialStationLanguage(): Language {
  return browserLanguage();
}

/** The station's `t`, and `say` for a StationText. */
export function useStationT() {
  const { t } = useTranslation('station');
  const say = (text: StationText): string =>
    'text' in text ? text.text : t(text.key, text.values ?? {});
  return { t, say };
}

/** A station sentence outside React (failures reported by the scan loop). */
export function stationT(key: string, values?: Record<string, string | number>): string {
  return i18n.t(`station:${key}`, values ?? {});
}
