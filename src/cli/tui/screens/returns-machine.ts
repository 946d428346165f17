import type { Key } from 'ink';
import type { Hint } from '../components/Footer.js';
import { notice } from '../hooks/use-machine.js';
import type { Notice, Step } from '../hooks/use-machine.js';
import { EMPTY_LINE, editLine } from '../line-editor.js';
import type { Line } from '../line-editor.js';
import type { ReturnRecord } from '../tui-api.js';
import { ADMIN_ONLY, CONFIRM_HINTS, EDITING_HINTS, navigationHints } from './screen-props.js';

/** The fields of the New return form, in the order Enter walks through them. */
export type NewReturnField = 'barcode' | 'reason';

export interface ReturnsState {
  /** The list; typing the bay to restock at; confirming a write-off; recording a new return. */
  mode: 'browse' | 'bay' | 'write-off' | 'new';
  selected: number;
  bay: Line;
  bayError?: string | undefined;
  /** The New return form: the piece's barcode (typed or scanned) and an optional reason. */
  barcode: Line;
  reason: Line;
  focus: NewReturnField;
  /** Why the form was not sent, or the server's refusal; shown under the form. */
  newError?: string | undefined;
}

export const RETURNS_START: ReturnsState = {
  mode: 'browse',
  selected: 0,
  bay: EMPTY_LINE,
  barcode: EMPTY_LINE,
  reason: EMPTY_LINE,
  focus: 'barcode',
};

export type ReturnsAction =
  | { type: 'select'; index: number }
  /** s (restock at a bay) or w (write off) on the selected return. */
  | {
      type: 'close';
      how: 'restock' | 'write-off';
      item: ReturnRecord | undefined;
      allowed: boolean;
    }
  | { type: 'cancel' }
  /** A key pressed in the field that has the keyboard (the bay, or a New return field). */
  | { type: 'key'; input: string; key: Key }
  | { type: 'restock'; item: ReturnRecord | undefined }
  | { type: 'write-off'; item: ReturnRecord | undefined }
  /** n: the New return form. */
  | { type: 'new-return'; allowed: boolean }
  /** Tab, ↑/↓ in the form: the other field. */
  | { type: 'switch-field' }
  /** Enter in the form: from the barcode on to the reason; from the reason, record it. */
  | { type: 'submit' }
  | { type: 'created' }
  | { type: 'create-refused'; message: string }
  | { type: 'reload' };

export type ReturnsEffect =
  | Notice
  | { kind: 'restock'; item: ReturnRecord; location: string }
  | { kind: 'write-off'; item: ReturnRecord }
  | { kind: 'create'; barcode: string; reason: string | undefined }
  | { kind: 'reload' };

/** What a return is called on screen: its barcode, else its id. */
export function labelOf(item: ReturnRecord): string {
  return item.barcode ?? item.id;
}

/** The Returns tab's state machine. */
export function returnsReducer(
  state: ReturnsState,
  action: ReturnsAction,
): Step<ReturnsState, ReturnsEffect> {
  switch (action.type) {
    case 'select':
      return { state: { ...state, selected: action.index } };
    case 'close':
      if (!action.item) return { state };
      if (!action.allowed) {
        return {
          state,
          effect: notice('error', 'closing returns is not allowed for this sign-in'),
        };
      }
      if (action.how === 'write-off') return { state: { ...state, mode: 'write-off' } };
      return { state: { ...state, mode: 'bay', bay: EMPTY_LINE, bayError: undefined } };
    case 'cancel':
      return { state: { ...state, mode: 'browse' } };
    case 'key':
      if (state.mode === 'bay') {
        const bay = editLine(state.bay, action.input, action.key);
        return { state: { ...state, bay, bayError: undefined } };
      }
      if (state.mode === 'new') {
        const field = state.focus;
        const line = editLine(state[field], action.input, action.key);
        return { state: { ...state, [field]: line, newError: undefined } };
      }
      return { state };
    case 'restock': {
      if (!action.item) return { state };
      const location = state.bay.text.trim();
      if (!location) return { state: { ...state, bayError: 'a bay is needed to restock' } };
      return {
        state: { ...state, mode: 'browse' },
        effect: { kind: 'restock', item: action.item, location },
      };
    }
    case 'write-off':
      if (!action.item) return { state };
      return {
        state: { ...state, mode: 'browse' },
        effect: { kind: 'write-off', item: action.item },
      };
    case 'new-return':
      if (!action.allowed) {
        return {
          state,
          effect: notice('error', 'recording returns is not allowed for this sign-in'),
        };
      }
      return {
        state: {
          ...state,
          mode: 'new',
          barcode: EMPTY_LINE,
          reason: EMPTY_LINE,
          focus: 'barcode',
          newError: undefined,
        },
        effect: { kind: 'notice', status: undefined },
      };
    case 'switch-field':
      if (state.mode !== 'new') return { state };
      return { state: { ...state, focus: state.focus === 'barcode' ? 'reason' : 'barcode' } };
    case 'submit': {
      if (state.mode !== 'new') return { state };
      const barcode = state.barcode.text.trim();
      if (!barcode) {
        const newError = 'type or scan the barcode of the piece that came back';
        return { state: { ...state, focus: 'barcode', newError } };
      }
      // A scanner ends its read with Enter: from the barcode, on to the reason.
      if (state.focus === 'barcode') return { state: { ...state, focus: 'reason' } };
      const reason = state.reason.text.trim() || undefined;
      return { state, effect: { kind: 'create', barcode, reason } };
    }
    case 'created':
      return { state: { ...state, mode: 'browse', selected: 0, newError: undefined } };
    case 'create-refused':
      return { state: { ...state, focus: 'barcode', newError: action.message } };
    case 'reload':
      return { state, effect: { kind: 'reload' } };
  }
}

/** The keys that work in each mode. */
export function returnsHints(
  state: ReturnsState,
  access: { canCreate: boolean; canUpdate: boolean },
  tabCount: number,
): Hint[] {
  if (state.mode === 'bay') return EDITING_HINTS;
  if (state.mode === 'write-off') return CONFIRM_HINTS;
  if (state.mode === 'new') {
    return [
      { keys: 'Enter', label: state.focus === 'barcode' ? 'next' : 'record' },
      { keys: 'Tab', label: 'other field' },
      ...EDITING_HINTS.filter((hint) => hint.keys !== 'Enter'),
    ];
  }
  const closing = access.canUpdate ? undefined : ADMIN_ONLY;
  return [
    { keys: '↑/↓', label: 'select' },
    { keys: 'n', label: 'new return', unavailable: access.canCreate ? undefined : ADMIN_ONLY },
    { keys: 's', label: 'restock', unavailable: closing },
    { keys: 'w', label: 'write off', unavailable: closing },
    { keys: 'g', label: 'reload' },
    ...navigationHints(tabCount),
  ];
}
