import { isWellFormedPairingCode, normalizePairingCode } from '../../../domain/pairing-code.js';

/**
 * The pairing code in what the person typed (`BCDF-GHJK`, `bcdfghjk`, spaces…) or in what the
 * camera read from the pairing QR (`<scheme>://pair?code=BCDFGHJK`); null when there is none.
 */
export function pairingCodeIn(text: string): string | null {
  const fromLink = /[?&#]code=([^&#\s]+)/i.exec(text);
  let raw = text;
  if (fromLink) {
    try {
      raw = decodeURIComponent(fromLink[1]!);
    } catch {
      raw = fromLink[1]!;
    }
  }
  const code = normalizePairingCode(raw);
  return isWellFormedPairingCode(code) ? code : null;
}

let fromAddress: { text: string } | null | undefined;

/**
 * The code a phone opened this page with (`/station#code=BCDF-GHJK`, the pairing code's
 * `pair_url`), as it stands in the address — well-formed or not — or null. The first call takes
 * it out of the address bar (a bookmark or a shared screenshot must not carry a live code, and a
 * reload must not try a used one again); later calls answer the same.
 */
export function takePairingCodeFromAddress(): { text: string } | null {
  if (fromAddress !== undefined) return fromAddress;
  const match = /^#(?:.*&)?code=([^&]*)/.exec(location.hash);
  fromAddress = null;
  if (!match) return fromAddress;
  let text = match[1]!;
  try {
    text = decodeURIComponent(text);
  } catch {
    // shown as it is: the check says it is not a code
  }
  fromAddress = { text };
  history.replaceState(history.state, '', location.pathname + location.search);
  return fromAddress;
}
