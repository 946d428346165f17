import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, currentLanguage, supportedLanguage } from './i18n.js';
import { chooseLanguage } from './faces.js';

/** The staff app's and portal's language menu: each language named in its own words. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation('common');
  const lang = supportedLanguage(i18n.language) ?? currentLanguage();
  return (
    <select
      className="language-menu"
      aria-label={t('shell.language')}
      value={lang}
      onChange={(event) => {
        const chosen = supportedLanguage(event.currentTarget.value);
        if (chosen) void chooseLanguage(chosen);
      }}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
