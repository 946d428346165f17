import { isWellFormedPairingCode, normalizePairingCode } from '../../../domain/pairing-code.js';

/**
 * The pairing code in what the person typed (`BCDF-GHJK`, `bcdfghjk`, spaces…) or in what the
 * camera read from the pairing QR (`<scheme>://pair?code=BCDFGHJK`); null when there is none.
 */
export function pairingCodeIn(text: string): string | null {
  const fromLink = /[?&]code=([^&#\s]+)/i.exec(text);
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
