import { Trans, useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { call } from '../shared/api/client.js';
import { startFaceLanguage } from '../shared/i18n/faces.js';
import { SignedInFace } from '../shared/session/SignedInFace.js';
import { staffSession } from '../shared/session/sessions.js';
import { AppShell } from '../shared/ui/AppShell.js';
import { NotFound } from '../shared/ui/NotFound.js';
import { useSearchShortcut } from '../shared/ui/use-search-shortcut.js';
import { AccessProvider, RequireAccess } from './access/access.js';
import { StaffNav } from './layout/StaffNav.js';
import { BackupWarning } from './layout/BackupWarning.js';
import { ConsignmentPage } from './dispatch/ConsignmentPage.js';
import { DispatchPage } from './dispatch/DispatchPage.js';
import { LiveUpdates } from './live/LiveUpdates.js';
import { CompanyPage } from './factory/CompanyPage.js';
import { FactoryLayout } from './factory/FactoryLayout.js';
import { PlansPage } from './factory/PlansPage.js';
import { SettingsPage } from './factory/SettingsPage.js';
import { StaffUsersPage } from './factory/StaffUsersPage.js';
import { ApiKeysPage } from './integrations/ApiKeysPage.js';
import { DeliveriesPage } from './integrations/DeliveriesPage.js';
import { IntegrationsLayout } from './integrations/IntegrationsLayout.js';
import { WebhooksPage } from './integrations/WebhooksPage.js';
import { OrderPage } from './orders/detail/OrderPage.js';
import { NewOrderPage } from './orders/new/NewOrderPage.js';
import { UploadPage } from './orders/new/UploadPage.js';
import { OrdersPage } from './orders/OrdersPage.js';
import { RetailerPage } from './retailers/RetailerPage.js';
import { RetailersPage } from './retailers/RetailersPage.js';
import { ReportsPage } from './reports/ReportsPage.js';
import { ReturnsPage } from './returns/ReturnsPage.js';
import { AuditPage } from './audit/AuditPage.js';
import { OperatorsPage } from './operators/OperatorsPage.js';
import { SetupPage } from './setup/SetupPage.js';
import { SsoPage } from './sso/SsoPage.js';
import { SsoSignIn } from './sso/SsoSignIn.js';
import { StationPage } from './stations/StationPage.js';
import { StationsPage } from './stations/StationsPage.js';
import { PrintersPage } from './printers/PrintersPage.js';
import './staff.css';

// The user's language (the menu's choice on this browser, else the browser's), before the first
// paint.
await startFaceLanguage('staff');

/** The catalog's word for each staff role. */
const STAFF_ROLES = { admin: 'role.admin', supervisor: 'role.supervisor' } as const;

/**
 * The staff app at `/`: supervisors and office staff sign in with email and password, or with the
 * factory's identity provider when single sign-on is set up.
 */
export default function StaffFace() {
  // A new install's first admin is made here, before anyone can sign in.
  const { t } = useTranslation('staff');
  if (location.pathname === '/setup') return <SetupPage />;
  return (
    <SignedInFace
      title={t('sign_in_title')}
      slot={staffSession}
      signIn={(api, body) => call(api.POST('/v1/auth/login', { body }))}
      signOut={(api) => call(api.POST('/v1/auth/logout'))}
      signInAlternative={<SsoSignIn />}
      signInFooter={<Trans t={t} i18nKey="new_install" components={{ a: <a href="/setup" /> }} />}
    >
      {(session, signOut) => (
        <BrowserRouter>
          <AccessProvider>
            <AppShell
              face={t('face')}
              user={t('user', { name: session.user.name, role: t(STAFF_ROLES[session.user.role]) })}
              onSignOut={() => void signOut()}
              nav={<StaffNav />}
            >
              <BackupWarning />
              <LiveUpdates />
              <StaffRoutes />
            </AppShell>
          </AccessProvider>
        </BrowserRouter>
      )}
    </SignedInFace>
  );
}

function StaffRoutes() {
  useSearchShortcut();
  return (
    <Routes>
      <Route index element={<OrdersPage />} />
      <Route path="orders" element={<Navigate to="/" replace />} />
      <Route
        path="orders/new"
        element={
          <RequireAccess op="POST /v1/orders">
            <NewOrderPage />
          </RequireAccess>
        }
      />
      <Route
        path="orders/upload"
        element={
          <RequireAccess op="POST /v1/orders/upload">
            <UploadPage />
          </RequireAccess>
        }
      />
      <Route path="orders/:id" element={<OrderPage />} />
      <Route path="stations" element={<StationsPage />} />
      <Route path="stations/:id" element={<StationPage />} />
      <Route path="dispatch" element={<DispatchPage />} />
      <Route path="dispatch/:id" element={<ConsignmentPage />} />
      <Route path="printers" element={<PrintersPage />} />
      <Route path="returns" element={<ReturnsPage />} />
      <Route path="reports" element={<ReportsPage />} />
      <Route path="operators" element={<OperatorsPage />} />
      <Route path="retailers" element={<RetailersPage />} />
      <Route path="retailers/:id" element={<RetailerPage />} />
      <Route path="factory" element={<FactoryLayout />}>
        <Route index element={<Navigate to="settings" replace />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route
          path="company"
          element={
            <RequireAccess op="GET /v1/company">
              <CompanyPage />
            </RequireAccess>
          }
        />
        <Route path="plans" element={<PlansPage />} />
        <Route
          path="staff"
          element={
            <RequireAccess op="GET /v1/staff">
              <StaffUsersPage />
            </RequireAccess>
          }
        />
        <Route
          path="sso"
          element={
            <RequireAccess op="GET /v1/sso">
              <SsoPage />
            </RequireAccess>
          }
        />
      </Route>
      <Route
        path="integrations"
        element={
          <RequireAccess op="GET /v1/api-keys">
            <IntegrationsLayout />
          </RequireAccess>
        }
      >
        <Route index element={<Navigate to="api-keys" replace />} />
        <Route path="api-keys" element={<ApiKeysPage />} />
        <Route path="webhooks" element={<WebhooksPage />} />
        <Route path="deliveries" element={<DeliveriesPage />} />
      </Route>
      <Route
        path="audit"
        element={
          <RequireAccess op="GET /v1/audit-log">
            <AuditPage />
          </RequireAccess>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
