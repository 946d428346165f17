import { call } from '../shared/api/client.js';
import { startFaceLanguage } from '../shared/i18n/faces.js';
import { SignedInFace } from '../shared/session/SignedInFace.js';
import { staffSession } from '../shared/session/sessions.js';
import { Board } from './Board.js';
import './board.css';

// The board signs in as staff: the staff user's language (its menu's choice on this browser,
// else the browser's), before the first paint.
await startFaceLanguage('staff');

/**
 * `/board`: the floor at a glance on a TV (DESIGN §16), read-only, signed in as a staff user for
 * the tab's session. Everything on it follows the event stream.
 */
export default function BoardFace() {
  return (
    <SignedInFace
      title="Floor board sign-in"
      slot={staffSession}
      signIn={(api, body) => call(api.POST('/v1/auth/login', { body }))}
      signOut={(api) => call(api.POST('/v1/auth/logout'))}
    >
      {() => <Board />}
    </SignedInFace>
  );
}
