import { Link, NavLink, useLocation } from 'react-router';
import { useCan } from '../access/access.js';

/** The staff app's main menu: only what the signed-in user may open. */
export function StaffNav() {
  const can = useCan();
  const { pathname } = useLocation();
  const ordersActive = pathname === '/' || pathname.startsWith('/orders');
  return (
    <>
      <Link to="/" aria-current={ordersActive ? 'page' : undefined}>
        Orders
      </Link>
      <NavLink to="/stations">Stations</NavLink>
      <NavLink to="/dispatch">Dispatch</NavLink>
      <NavLink to="/printers">Printers</NavLink>
      <NavLink to="/operators">Operators</NavLink>
      <NavLink to="/returns">Returns</NavLink>
      <NavLink to="/retailers">Retailers</NavLink>
      {can('GET /v1/reports/throughput') && <NavLink to="/reports">Reports</NavLink>}
      {can('GET /v1/api-keys') && <NavLink to="/integrations">Integrations</NavLink>}
      <NavLink to="/factory">Factory</NavLink>
      {can('GET /v1/audit-log') && <NavLink to="/audit">Audit</NavLink>}
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
