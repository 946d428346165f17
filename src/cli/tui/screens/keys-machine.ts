import type { Key } from 'ink';
import type { Hint } from '../components/Footer.js';
import { notice } from '../hooks/use-machine.js';
import type { Notice, Step } from '../hooks/use-machine.js';
import { EMPTY_LINE, editLine } from '../line-editor.js';
import type { Line } from '../line-editor.js';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../contract/enums.js';
import type { ApiKey, CreatedApiKey, RolledApiKey } from '../tui-api.js';
import { ADMIN_ONLY, CONFIRM_HINTS, EDITING_HINTS, navigationHints } from './screen-props.js';

/** How long a rolled key keeps working, from the Keys tab: a day, as the API's default. */
export const ROLL_OVERLAP_SECONDS = 86_400;

export interface KeysState {
  /**
   * The list; typing a new key's name, then its scopes; the new key on screen; confirming a
   * revocation or a roll.
   */
  mode: 'browse' | 'name' | 'scopes' | 'created' | 'revoke' | 'roll';
  selected: number;
  name: Line;
  nameError?: string | undefined;
  /** The new key's scopes, comma separated (`admin` unless changed). */
  scopes: Line;
  scopesError?: string | undefined;
  /** The key just created or rolled: shown this once, dropped when the screen moves on. */
  created?: CreatedApiKey | undefined;
  /** When a roll made it: the old key and when it stops working. */
  rolledFrom?: RolledApiKey['previous'] | undefined;
}

const ADMIN_SCOPES: Line = { text: 'admin', cursor: 5 };

export const KEYS_START: KeysState = {
  mode: 'browse',
  selected: 0,
  name: EMPTY_LINE,
  scopes: ADMIN_SCOPES,
};

/** Scopes typed comma separated: the known ones, or an error naming the first unknown one. */
export function parseScopeLine(text: string): ApiKeyScope[] | string {
  const scopes = text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (scopes.length === 0) return `at least one of ${API_KEY_SCOPES.join(', ')}`;
  const unknown = scopes.find((s) => !(API_KEY_SCOPES as readonly string[]).includes(s));
  if (unknown) return `unknown scope “${unknown}”: ${API_KEY_SCOPES.join(', ')}`;
  return scopes as ApiKeyScope[];
}

export type KeysAction =
  | { type: 'select'; index: number }
  | { type: 'new-key'; allowed: boolean }
  | { type: 'cancel' }
  /** A key pressed while the name or the scopes are typed. */
  | { type: 'key'; input: string; key: Key }
  /** Enter on the name: on to the scopes. */
  | { type: 'name-done' }
  | { type: 'create' }
  | { type: 'created'; key: CreatedApiKey }
  | { type: 'rolled'; key: RolledApiKey }
  | { type: 'roll'; key: ApiKey | undefined; allowed: boolean }
  | { type: 'confirm-roll'; key: ApiKey | undefined }
  | { type: 'create-failed' }
  /** The new key has been copied: it leaves the screen for good. */
  | { type: 'done' }
  | { type: 'revoke'; key: ApiKey | undefined; allowed: boolean }
  | { type: 'confirm-revoke'; key: ApiKey | undefined };

export type KeysEffect =
  | Notice
  | { kind: 'create'; name: string; scopes: ApiKeyScope[] }
  | { kind: 'revoke'; key: ApiKey }
  | { kind: 'roll'; key: ApiKey };

/** A key no longer works: revoked, or past its `expires_at` at `now`. */
export function isDead(key: ApiKey, now: Date): boolean {
  return (
    key.revoked_at !== null ||
    (key.expires_at !== null && Date.parse(key.expires_at) <= now.getTime())
  );
}

/** The Keys tab's state machine. */
export function keysReducer(state: KeysState, action: KeysAction): Step<KeysState, KeysEffect> {
  switch (action.type) {
    case 'select':
      return { state: { ...state, selected: action.index } };
    case 'new-key':
      if (!action.allowed) return { state, effect: notice('error', 'creating keys is admin only') };
      return {
        state: {
          ...state,
          mode: 'name',
          name: EMPTY_LINE,
          nameError: undefined,
          scopes: ADMIN_SCOPES,
          scopesError: undefined,
        },
      };
    case 'cancel':
      return { state: { ...state, mode: 'browse' } };
    case 'key': {
      if (state.mode === 'scopes') {
        const scopes = editLine(state.scopes, action.input, action.key);
        return { state: { ...state, scopes, scopesError: undefined } };
      }
      const name = editLine(state.name, action.input, action.key);
      return { state: { ...state, name, nameError: undefined } };
    }
    case 'name-done': {
      if (!state.name.text.trim()) return { state: { ...state, nameError: 'a name is needed' } };
      return { state: { ...state, mode: 'scopes' } };
    }
    case 'create': {
      const name = state.name.text.trim();
      if (!name) return { state: { ...state, mode: 'name', nameError: 'a name is needed' } };
      const scopes = parseScopeLine(state.scopes.text);
      if (typeof scopes === 'string') return { state: { ...state, scopesError: scopes } };
      return { state, effect: { kind: 'create', name, scopes } };
    }
    case 'created':
      return { state: { ...state, mode: 'created', created: action.key, rolledFrom: undefined } };
    case 'rolled': {
      const { previous, ...created } = action.key;
      return { state: { ...state, mode: 'created', created, rolledFrom: previous } };
    }
    case 'roll':
      if (!action.key) return { state };
      if (!action.allowed) return { state, effect: notice('error', 'rolling keys is admin only') };
      if (action.key.revoked_at) {
        return {
          state,
          effect: notice('info', `“${action.key.name}” is revoked: create a new key.`),
        };
      }
      return { state: { ...state, mode: 'roll' } };
    case 'confirm-roll':
      if (!action.key) return { state };
      return { state: { ...state, mode: 'browse' }, effect: { kind: 'roll', key: action.key } };
    case 'create-failed':
      return { state: { ...state, mode: 'browse' } };
    case 'done':
      return { state: { ...state, mode: 'browse', created: undefined, rolledFrom: undefined } };
    case 'revoke':
      if (!action.key) return { state };
      if (!action.allowed) return { state, effect: notice('error', 'revoking keys is admin only') };
      if (action.key.revoked_at) {
        return { state, effect: notice('info', `“${action.key.name}” is already revoked.`) };
      }
      return { state: { ...state, mode: 'revoke' } };
    case 'confirm-revoke':
      if (!action.key) return { state };
      return { state: { ...state, mode: 'browse' }, effect: { kind: 'revoke', key: action.key } };
  }
}

/** The keys that work in each mode; a caller who may not list keys only moves between tabs. */
export function keysHints(
  state: KeysState,
  allowed: { list: boolean; create: boolean; revoke: boolean; roll?: boolean },
  tabCount: number,
): Hint[] {
  if (state.mode === 'name' || state.mode === 'scopes') return EDITING_HINTS;
  if (state.mode === 'revoke' || state.mode === 'roll') return CONFIRM_HINTS;
  if (state.mode === 'created') return [{ keys: 'Enter', label: 'done, I have copied it' }];
  const list: Hint[] = allowed.list
    ? [
        { keys: '↑/↓', label: 'select' },
        { keys: 'c', label: 'create', unavailable: allowed.create ? undefined : ADMIN_ONLY },
        { keys: 'r', label: 'revoke', unavailable: allowed.revoke ? undefined : ADMIN_ONLY },
        { keys: 'o', label: 'roll', unavailable: allowed.roll ? undefined : ADMIN_ONLY },
      ]
    : [];
  return [...list, ...navigationHints(tabCount)];
}
