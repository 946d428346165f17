import { Outlet } from 'react-router';
import { useCan } from '../access/access.js';
import { PageHeader } from '../layout/PageHeader.js';
import { SectionTabs } from '../layout/StaffNav.js';

/** The factory's own pages: settings, company, plans, staff, single sign-on. */
export function FactoryLayout() {
  const can = useCan();
  return (
    <section>
      <PageHeader title="Factory" />
      <SectionTabs
        label="Factory pages"
        tabs={[
          { to: '/factory/settings', label: 'Settings' },
          { to: '/factory/company', label: 'Company', show: can('GET /v1/company') },
          { to: '/factory/plans', label: 'Plans' },
          { to: '/factory/staff', label: 'Staff users', show: can('GET /v1/staff') },
          { to: '/factory/sso', label: 'Single sign-on', show: can('GET /v1/sso') },
        ]}
      />
      <Outlet />
    </section>
  );
}
