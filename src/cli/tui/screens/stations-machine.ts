import type { PairingState } from '../components/PairingPanel.js';
import type { Hint } from '../components/Footer.js';
import { notice } from '../hooks/use-machine.js';
import type { Notice, Step } from '../hooks/use-machine.js';
import { STATION_ROLES } from '../tui-api.js';
import type { Station, StationRole } from '../tui-api.js';
import { ADMIN_ONLY, CONFIRM_HINTS, EDITING_HINTS, navigationHints } from './screen-props.js';

/** A code on screen: its record's id, what was asked for, when it runs out, whether it paired. */
export interface Pairing {
  id: string;
  code: string;
  qr: string;
  /** The station page with the code, for a phone camera. */
  pairUrl: string;
  name: string;
  role: StationRole;
  expiresAt: number;
  paired: boolean;
}

export interface StationsState {
  /** The list; typing a name; choosing a role; the code on screen; confirming a revocation. */
  mode: 'browse' | 'name' | 'role' | 'code' | 'revoke';
  selected: number;
  name: string;
  nameError?: string | undefined;
  /** Index into `STATION_ROLES`. */
  role: number;
  /** The last code issued, until it is put away after pairing or expiring. */
  pairing?: Pairing | undefined;
}

export const STATIONS_START: StationsState = { mode: 'browse', selected: 0, name: '', role: 0 };

export type StationsAction =
  | { type: 'select'; index: number }
  | { type: 'new-code'; allowed: boolean }
  | { type: 'cancel' }
  | { type: 'name'; value: string }
  | { type: 'submit-name' }
  /** ±1 through the roles, wrapping. */
  | { type: 'step-role'; by: number }
  /** A role by its first letter: p, s, d or b. */
  | { type: 'pick-role'; letter: string }
  | { type: 'issue' }
  | { type: 'issued'; pairing: Pairing }
  | { type: 'issue-failed' }
  | { type: 'revoke'; station: Station | undefined; allowed: boolean }
  | { type: 'confirm-revoke'; station: Station | undefined }
  | { type: 'show-code' }
  | { type: 'close-code'; now: number }
  /** The server says this pairing code has been used. */
  | { type: 'paired'; codeId: string };

export type StationsEffect =
  | Notice
  | { kind: 'issue'; name: string; role: StationRole }
  | { kind: 'revoke'; station: Station };

/** Where a code stands at `now`. */
export function pairingState(pairing: Pairing, now: number): PairingState {
  if (pairing.paired) return 'paired';
  return pairing.expiresAt <= now ? 'expired' : 'waiting';
}

/** The Stations tab's state machine. */
export function stationsReducer(
  state: StationsState,
  action: StationsAction,
): Step<StationsState, StationsEffect> {
  switch (action.type) {
    case 'select':
      return { state: { ...state, selected: action.index } };
    case 'new-code':
      if (!action.allowed) {
        return {
          state,
          effect: notice('error', 'issuing pairing codes is not allowed for this sign-in'),
        };
      }
      return { state: { ...state, mode: 'name', name: '', nameError: undefined } };
    case 'cancel':
      return { state: { ...state, mode: 'browse' } };
    case 'name':
      return { state: { ...state, name: action.value, nameError: undefined } };
    case 'submit-name':
      if (!state.name.trim()) return { state: { ...state, nameError: 'a name is needed' } };
      return { state: { ...state, mode: 'role' } };
    case 'step-role': {
      const count = STATION_ROLES.length;
      return { state: { ...state, role: (state.role + count + action.by) % count } };
    }
    case 'pick-role': {
      const index = STATION_ROLES.findIndex((role) => role.startsWith(action.letter));
      return { state: index < 0 ? state : { ...state, role: index } };
    }
    case 'issue':
      return {
        state,
        effect: { kind: 'issue', name: state.name.trim(), role: STATION_ROLES[state.role]! },
      };
    case 'issued':
      return { state: { ...state, mode: 'code', pairing: action.pairing } };
    case 'issue-failed':
      return { state: { ...state, mode: 'browse' } };
    case 'revoke':
      if (!action.station) return { state };
      if (!action.allowed)
        return { state, effect: notice('error', 'revoking stations is admin only') };
      if (action.station.revoked_at) {
        return { state, effect: notice('info', `“${action.station.name}” is already revoked.`) };
      }
      return { state: { ...state, mode: 'revoke' } };
    case 'confirm-revoke':
      if (!action.station) return { state };
      return {
        state: { ...state, mode: 'browse' },
        effect: { kind: 'revoke', station: action.station },
      };
    case 'show-code':
      return { state: state.pairing ? { ...state, mode: 'code' } : state };
    case 'close-code': {
      // A code still waiting stays in reach (p shows it); a used or expired one is put away.
      const keep = state.pairing && pairingState(state.pairing, action.now) === 'waiting';
      return { state: { ...state, mode: 'browse', pairing: keep ? state.pairing : undefined } };
    }
    case 'paired':
      if (state.pairing?.id !== action.codeId || state.pairing.paired) return { state };
      return { state: { ...state, pairing: { ...state.pairing, paired: true } } };
  }
}

const ROLE_HINTS: Hint[] = [
  { keys: '←/→ p/s/d/b', label: 'role' },
  { keys: 'Enter', label: 'issue code' },
  { keys: 'Esc', label: 'cancel' },
];

/** The keys that work in each mode. */
export function stationsHints(
  state: StationsState,
  allowed: { pair: boolean; revoke: boolean },
  tabCount: number,
): Hint[] {
  switch (state.mode) {
    case 'name':
      return EDITING_HINTS;
    case 'role':
      return ROLE_HINTS;
    case 'revoke':
      return CONFIRM_HINTS;
    case 'code':
      return [
        { keys: 'Enter/Esc', label: 'back to list' },
        { keys: 'n', label: 'new code' },
        ...navigationHints(tabCount),
      ];
    case 'browse':
      return [
        { keys: '↑/↓', label: 'select' },
        {
          keys: 'n',
          label: 'new pairing code',
          unavailable: allowed.pair ? undefined : ADMIN_ONLY,
        },
        ...(state.pairing ? [{ keys: 'p', label: 'show code' }] : []),
        { keys: 'r', label: 'revoke', unavailable: allowed.revoke ? undefined : ADMIN_ONLY },
        ...navigationHints(tabCount),
      ];
  }
}
