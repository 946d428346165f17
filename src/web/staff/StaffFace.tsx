import { BrowserRouter, Route, Routes } from 'react-router';
import { call } from '../shared/api/client.js';
import { SignedInFace } from '../shared/session/SignedInFace.js';
import { staffSession } from '../shared/session/sessions.js';
import { AppShell } from '../shared/ui/AppShell.js';
import { NotFound } from '../shared/ui/NotFound.js';
import { StaffHome } from './StaffHome.js';

/** The staff app at `/`: supervisors and office staff sign in with email and password. */
export default function StaffFace() {
  return (
    <SignedInFace
      title="Staff sign-in"
      slot={staffSession}
      signIn={(api, body) => call(api.POST('/v1/auth/login', { body }))}
      signOut={(api) => call(api.POST('/v1/auth/logout'))}
    >
      {(session, signOut) => (
        <BrowserRouter>
          <AppShell
            face="Staff"
            user={`${session.user.name} (${session.user.role})`}
            onSignOut={() => void signOut()}
          >
            <Routes>
              <Route index element={<StaffHome name={session.user.name} />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </AppShell>
        </BrowserRouter>
      )}
    </SignedInFace>
  );
}
