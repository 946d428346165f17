import { useEffect, useState } from 'react';
import { call } from '../shared/api/client.js';
import { startFaceLanguage } from '../shared/i18n/faces.js';
import { SignedInFace } from '../shared/session/SignedInFace.js';
import { staffSession } from '../shared/session/sessions.js';
import { useStoredValue } from '../shared/session/stored-value.js';
import { Board } from './Board.js';
import { boardDevice, codeInAddress } from './board-device.js';
import { PairedBoard } from './PairedBoard.js';
import './board.css';

// The board signs in as staff: the staff user's language (its menu's choice on this browser,
// else the browser's), before the first paint.
await startFaceLanguage('staff');

/**
 * `/board`: the floor at a glance on a TV (DESIGN §16), read-only: paired as a board (a code of
 * role `board`, kept on the TV) or signed in as a staff user for the tab's session. Everything on
 * it follows the event stream.
 */
export default function BoardFace() {
  const device = useStoredValue(boardDevice);
  const hash = useHash();
  if (device || codeInAddress(hash) || hash === '#pair') return <PairedBoard />;
  return (
    <SignedInFace
      title="Floor board sign-in"
      slot={staffSession}
      signIn={(api, body) => call(api.POST('/v1/auth/login', { body }))}
      signOut={(api) => call(api.POST('/v1/auth/logout'))}
      signInAlternative={
        <p className="board-pair-link">
          <a href="#pair">Pair this screen as a board</a> (with a code of role Board) instead.
        </p>
      }
    >
      {() => <Board />}
    </SignedInFace>
  );
}

/** The address's fragment, following its changes (`#pair` opens the pairing form). */
function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const follow = () => setHash(location.hash);
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return hash;
}
