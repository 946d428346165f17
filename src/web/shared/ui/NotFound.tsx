import { useTranslation } from 'react-i18next';

/** A client route that does not exist. */
export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <section className="page-message">
      <h1>{t('ui.not_found.title')}</h1>
      <p>{t('ui.not_found.text')}</p>
    </section>
  );
}
