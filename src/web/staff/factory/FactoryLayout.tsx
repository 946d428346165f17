import { Outlet } from 'react-router';
import { useCan } from '../access/access.js';
import { PageHeader } from '../layout/PageHeader.js';
import { SectionTabs } from '../layout/StaffNav.js';
import { useStaffT } from '../staff-i18n.js';

/** The factory's own pages: settings, company, plans, staff, single sign-on. */
export function FactoryLayout() {
  const { t } = useStaffT();
  const can = useCan();
  return (
    <section>
      <PageHeader title={t('factory.title')} />
      <SectionTabs
        label={t('factory.tabs.label')}
        tabs={[
          { to: '/factory/settings', label: t('factory.tabs.settings') },
          {
            to: '/factory/company',
            label: t('factory.tabs.company'),
            show: can('GET /v1/company'),
          },
          { to: '/factory/plans', label: t('factory.tabs.plans') },
          { to: '/factory/staff', label: t('factory.tabs.staff'), show: can('GET /v1/staff') },
          { to: '/factory/sso', label: t('factory.tabs.sso'), show: can('GET /v1/sso') },
        ]}
      />
      <Outlet />
    </section>
  );
}
