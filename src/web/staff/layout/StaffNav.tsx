import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useCan } from '../access/access.js';

/** The staff app's main menu: only what the signed-in user may open. */
export function StaffNav() {
  const { t } = useTranslation('staff');
  const can = useCan();
  const { pathname } = useLocation();
  const ordersActive = pathname === '/' || pathname.startsWith('/orders');
  return (
    <>
      <Link to="/" aria-current={ordersActive ? 'page' : undefined}>
        {t('nav.orders')}
      </Link>
      <NavLink to="/stations">{t('nav.stations')}</NavLink>
      <NavLink to="/dispatch">{t('nav.dispatch')}</NavLink>
      <NavLink to="/printers">{t('nav.printers')}</NavLink>
      <NavLink to="/operators">{t('nav.operators')}</NavLink>
      <NavLink to="/returns">{t('nav.returns')}</NavLink>
      <NavLink to="/retailers">{t('nav.retailers')}</NavLink>
      {can('GET /v1/reports/throughput') && <NavLink to="/reports">{t('nav.reports')}</NavLink>}
      {can('GET /v1/api-keys') && <NavLink to="/integrations">{t('nav.integrations')}</NavLink>}
      <NavLink to="/factory">{t('nav.factory')}</NavLink>
      {can('GET /v1/audit-log') && <NavLink to="/audit">{t('nav.audit')}</NavLink>}
    </>
  );
}

export interface Tab {
  to: string;
  label: string;
  show?: boolean;
}

/** The pages of one section (Factory, Integrations), as a row of links under its heading. */
export function SectionTabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav className="section-tabs" aria-label={label}>
      {tabs
        .filter((t) => t.show !== false)
        .map((t) => (
          <NavLink key={t.to} to={t.to}>
            {t.label}
          </NavLink>
        ))}
    </nav>
  );
}
