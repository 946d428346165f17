import { Outlet } from 'react-router';
import { PageHeader } from '../layout/PageHeader.js';
import { SectionTabs } from '../layout/StaffNav.js';

/** How other systems connect: API keys they call with, webhooks they are told through. */
export function IntegrationsLayout() {
  return (
    <section>
      <PageHeader title="Integrations" />
      <SectionTabs
        label="Integration pages"
        tabs={[
          { to: '/integrations/api-keys', label: 'API keys' },
          { to: '/integrations/webhooks', label: 'Webhooks' },
          { to: '/integrations/deliveries', label: 'Deliveries' },
        ]}
      />
      <Outlet />
    </section>
  );
}
