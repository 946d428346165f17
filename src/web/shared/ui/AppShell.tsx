import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../i18n/LanguageMenu.js';

/**
 * The frame of a signed-in face: the product (or `brand`, e.g. the factory's name in the
 * portal) and face name, who is signed in, sign-out, and the page below. `nav` is the face's own
 * navigation (links).
 */
export function AppShell({
  brand = 'factoryd',
  face,
  user,
  onSignOut,
  nav,
  children,
}: {
  brand?: string;
  face: string;
  user: string;
  onSignOut: () => void;
  nav?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="app-shell">
      <header className="app-header">
        <span className="app-brand">
          {brand} <span className="app-face">{face}</span>
        </span>
        {nav && <nav aria-label={t('shell.main')}>{nav}</nav>}
        <span className="app-user">
          {user}
          <LanguageMenu />
          <button type="button" className="link-button" onClick={onSignOut}>
            {t('shell.sign_out')}
          </button>
        </span>
      </header>
      <main className="app-main">{children}</main>
    </div>
  );
}
