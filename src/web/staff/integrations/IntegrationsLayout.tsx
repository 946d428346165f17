import { Outlet } from 'react-router';
import { PageHeader } from '../layout/PageHeader.js';
import { SectionTabs } from '../layout/StaffNav.js';
import { useStaffT } from '../staff-i18n.js';

/** How other systems connect: API keys they call with, webhooks they are told through. */
export function IntegrationsLayout() {
  const { t } = useStaffT();
  return (
    <section>
      <PageHeader title={t('integrations.title')} />
      <SectionTabs
        label={t('integrations.tabs.label')}
        tabs={[
          { to: '/integrations/api-keys', label: t('integrations.tabs.keys') },
          { to: '/integrations/webhooks', label: t('integrations.tabs.webhooks') },
          { to: '/integrations/deliveries', label: t('integrations.tabs.deliveries') },
        ]}
      />
      <Outlet />
    </section>
  );
}
