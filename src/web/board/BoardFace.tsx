import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { call } from '../shared/api/client.js';
import { startFaceLanguage } from '../shared/i18n/faces.js';
import { supportedLanguage } from '../shared/i18n/i18n.js';
import { SignedInFace } from '../shared/session/SignedInFace.js';
import { staffSession } from '../shared/session/sessions.js';
import { useStoredValue } from '../shared/session/stored-value.js';
import { Board } from './Board.js';
import { boardDevice, codeInAddress } from './board-device.js';
import { PairedBoard } from './PairedBoard.js';
import './board.css';

// The board's language (docs/languages.md), before the first paint: `?lang=pl` in the address
// (a TV's start page), else the language chosen on this browser (the staff user's menu, or the
// pairing form's), else the browser's own languages. Its words are the staff catalog's.
await startFaceLanguage(
  'staff',
  supportedLanguage(new URLSearchParams(location.search).get('lang')),
);

/**
 * `/board`: the floor at a glance on a TV (DESIGN §16), read-only: paired as a board (a code of
 * role `board`, kept on the TV) or signed in as a staff user for the tab's session. Everything on
 * it follows the event stream.
 */
export default function BoardFace() {
  const device = useStoredValue(boardDevice);
  const hash = useHash();
  const { t } = useTranslation('staff');
  // Until paired, keyed by the code in the address: a code arriving while the pairing form is
  // open (the address changed to `#code=…` without a reload) pairs as one loaded with the page.
  if (device || codeInAddress(hash) || hash === '#pair') {
    return <PairedBoard key={device ? 'paired' : (codeInAddress(hash) ?? '')} />;
  }
  return (
    <SignedInFace
      title={t('board.sign_in_title')}
      slot={staffSession}
      signIn={(api, body) => call(api.POST('/v1/auth/login', { body }))}
      signOut={(api) => call(api.POST('/v1/auth/logout'))}
      signInAlternative={
        <p className="board-pair-link">
          <Trans t={t} i18nKey="board.pair_instead" components={{ a: <a href="#pair" /> }} />
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
