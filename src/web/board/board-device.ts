import type { ApiResponse } from '../shared/api/types.js';
import { storedValue } from '../shared/session/stored-value.js';

/** A board paired with a code of role `board` (DESIGN §16): its token, kept on the TV. */
export type BoardDevice = ApiResponse<'/v1/stations/pair', 'post'>;

/** Kept across restarts of the TV's browser, until the board is deleted (then the first 401). */
export const boardDevice = storedValue<BoardDevice>(() => localStorage, 'factoryd.board');

/** The pairing code in the address (`/board#code=BCDF-GHJK`, a board code's pair_url), if any. */
export function codeInAddress(hash = location.hash): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('code');
  return code && code.trim() !== '' ? code.trim() : null;
}
