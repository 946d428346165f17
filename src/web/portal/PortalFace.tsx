import { useTranslation } from 'react-i18next';
import { BrowserRouter, NavLink, Route, Routes } from 'react-router';
import { call } from '../shared/api/client.js';
import { startFaceLanguage } from '../shared/i18n/faces.js';
import { SignedInFace } from '../shared/session/SignedInFace.js';
import { portalSession } from '../shared/session/sessions.js';
import { AppShell } from '../shared/ui/AppShell.js';
import { NotFound } from '../shared/ui/NotFound.js';
import { DeliveriesPage } from './deliveries/DeliveriesPage.js';
import { OrderPage } from './orders/OrderPage.js';
import { OrdersPage } from './orders/OrdersPage.js';
import { SetPasswordPage } from './set-password/SetPasswordPage.js';
import { UsersPage } from './users/UsersPage.js';
import './portal.css';

// The user's language (the menu's choice on this browser, else the browser's), before the first
// paint.
await startFaceLanguage('portal');

/**
 * The retailer portal at `/portal`: retailer users follow their own retailer's orders; owners
 * also manage their users' passwords. `/portal/set-password` (a set-password link) needs no
 * sign-in.
 */
export default function PortalFace() {
  const { t } = useTranslation('portal');
  if (window.location.pathname.replace(/\/+$/, '') === '/portal/set-password') {
    return <SetPasswordPage />;
  }
  return (
    <SignedInFace
      title={t('sign_in_title')}
      slot={portalSession}
      signIn={(api, body) => call(api.POST('/v1/portal/auth/login', { body }))}
      signOut={(api) => call(api.POST('/v1/portal/auth/logout'))}
    >
      {(session, signOut) => (
        <BrowserRouter basename="/portal">
          <AppShell
            // A session kept from before the login answered the factory's name has none.
            brand={session.factory?.name ?? 'factoryd'}
            face={t('face')}
            user={t('user', { name: session.user.name, retailer: session.retailer.name })}
            onSignOut={() => void signOut()}
            nav={
              <>
                <NavLink to="/" end>
                  {t('nav.orders')}
                </NavLink>
                <NavLink to="/deliveries">{t('nav.deliveries')}</NavLink>
                {session.user.role === 'owner' && <NavLink to="/users">{t('nav.users')}</NavLink>}
              </>
            }
          >
            <Routes>
              <Route index element={<OrdersPage retailer={session.retailer.name} />} />
              <Route path="orders/:id" element={<OrderPage />} />
              <Route path="deliveries" element={<DeliveriesPage />} />
              {session.user.role === 'owner' && (
                <Route path="users" element={<UsersPage me={session.user.id} />} />
              )}
              <Route path="*" element={<NotFound />} />
            </Routes>
          </AppShell>
        </BrowserRouter>
      )}
    </SignedInFace>
  );
}
