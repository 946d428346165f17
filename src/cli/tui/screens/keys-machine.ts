import type { Key } from 'ink';
import type { Hint } from '../components/Footer.js';
import { notice } from '../hooks/use-machine.js';
import type { Notice, Step } from '../hooks/use-machine.js';
import { EMPTY_LINE, editLine } from '../line-editor.js';
import type { Line } from '../line-editor.js';
import type { ApiKey, CreatedApiKey } from '../tui-api.js';
import { ADMIN_ONLY, CONFIRM_HINTS, EDITING_HINTS, navigationHints } from './screen-props.js';

export interface KeysState {
  /** The list; typing a new key's name; the new key on screen; confirming a revocation. */
  mode: 'browse' | 'name' | 'created' | 'revoke';
  selected: number;
  name: Line;
  nameError?: string | undefined;
  /** The key just created: shown this once, dropped when the screen moves on. */
  created?: CreatedApiKey | undefined;
}

export const KEYS_START: KeysState = { mode: 'browse', selected: 0, name: EMPTY_LINE };

export type KeysAction =
  | { type: 'select'; index: number }
  | { type: 'new-key'; allowed: boolean }
  | { type: 'cancel' }
  /** A key pressed while the name is typed. */
  | { type: 'key'; input: string; key: Key }
  | { type: 'create' }
  | { type: 'created'; key: CreatedApiKey }
  | { type: 'create-failed' }
  /** The new key has been copied: it leaves the screen for good. */
  | { type: 'done' }
  | { type: 'revoke'; key: ApiKey | undefined; allowed: boolean }
  | { type: 'confirm-revoke'; key: ApiKey | undefined };

export type KeysEffect =
  Notice | { kind: 'create'; name: string } | { kind: 'revoke'; key: ApiKey };

/** The Keys tab's state machine. */
export function keysReducer(state: KeysState, action: KeysAction): Step<KeysState, KeysEffect> {
  switch (action.type) {
    case 'select':
      return { state: { ...state, selected: action.index } };
    case 'new-key':
      if (!action.allowed) return { state, effect: notice('error', 'creating keys is admin only') };
      return { state: { ...state, mode: 'name', name: EMPTY_LINE, nameError: undefined } };
    case 'cancel':
      return { state: { ...state, mode: 'browse' } };
    case 'key': {
      const name = editLine(state.name, action.input, action.key);
      return { state: { ...state, name, nameError: undefined } };
    }
    case 'create': {
      const name = state.name.text.trim();
      if (!name) return { state: { ...state, nameError: 'a name is needed' } };
      return { state, effect: { kind: 'create', name } };
    }
    case 'created':
      return { state: { ...state, mode: 'created', created: action.key } };
    case 'create-failed':
      return { state: { ...state, mode: 'browse' } };
    case 'done':
      return { state: { ...state, mode: 'browse', created: undefined } };
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
  allowed: { list: boolean; create: boolean; revoke: boolean },
  tabCount: number,
): Hint[] {
  if (state.mode === 'name') return EDITING_HINTS;
  if (state.mode === 'revoke') return CONFIRM_HINTS;
  if (state.mode === 'created') return [{ keys: 'Enter', label: 'done, I have copied it' }];
  const list: Hint[] = allowed.list
    ? [
        { keys: '↑/↓', label: 'select' },
        { keys: 'c', label: 'create', unavailable: allowed.create ? undefined : ADMIN_ONLY },
        { keys: 'r', label: 'revoke', unavailable: allowed.revoke ? undefined : ADMIN_ONLY },
      ]
    : [];
  return [...list, ...navigationHints(tabCount)];
}
