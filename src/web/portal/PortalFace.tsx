import { BrowserRouter, Route, Routes } from 'react-router';
import { call } from '../shared/api/client.js';
import { SignedInFace } from '../shared/session/SignedInFace.js';
import { portalSession } from '../shared/session/sessions.js';
import { AppShell } from '../shared/ui/AppShell.js';
import { NotFound } from '../shared/ui/NotFound.js';
import { PortalHome } from './PortalHome.js';

/** The retailer portal at `/portal`: retailer users follow their own retailer's orders. */
export default function PortalFace() {
  return (
    <SignedInFace
      title="Retailer portal sign-in"
      slot={portalSession}
      signIn={(api, body) => call(api.POST('/v1/portal/auth/login', { body }))}
      signOut={(api) => call(api.POST('/v1/portal/auth/logout'))}
    >
      {(session, signOut) => (
        <BrowserRouter basename="/portal">
          <AppShell
            face="Portal"
            user={`${session.user.name}, ${session.retailer.name}`}
            onSignOut={() => void signOut()}
          >
            <Routes>
              <Route index element={<PortalHome retailer={session.retailer.name} />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </AppShell>
        </BrowserRouter>
      )}
    </SignedInFace>
  );
}
