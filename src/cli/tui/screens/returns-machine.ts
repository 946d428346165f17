import type { Hint } from '../components/Footer.js';
import { notice } from '../hooks/use-machine.js';
import type { Notice, Step } from '../hooks/use-machine.js';
import type { ReturnRecord } from '../tui-api.js';
import { ADMIN_ONLY, CONFIRM_HINTS, EDITING_HINTS, navigationHints } from './screen-props.js';

export interface ReturnsState {
  /** The list; typing the bay to restock at; confirming a write-off. */
  mode: 'browse' | 'bay' | 'write-off';
  selected: number;
  bay: string;
  bayError?: string | undefined;
}

export const RETURNS_START: ReturnsState = { mode: 'browse', selected: 0, bay: '' };

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
  | { type: 'bay'; value: string }
  | { type: 'restock'; item: ReturnRecord | undefined }
  | { type: 'write-off'; item: ReturnRecord | undefined }
  | { type: 'reload' };

export type ReturnsEffect =
  | Notice
  | { kind: 'restock'; item: ReturnRecord; location: string }
  | { kind: 'write-off'; item: ReturnRecord }
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
      return { state: { ...state, mode: 'bay', bay: '', bayError: undefined } };
    case 'cancel':
      return { state: { ...state, mode: 'browse' } };
    case 'bay':
      return { state: { ...state, bay: action.value, bayError: undefined } };
    case 'restock': {
      if (!action.item) return { state };
      const location = state.bay.trim();
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
    case 'reload':
      return { state, effect: { kind: 'reload' } };
  }
}

/** The keys that work in each mode. */
export function returnsHints(state: ReturnsState, canUpdate: boolean, tabCount: number): Hint[] {
  if (state.mode === 'bay') return EDITING_HINTS;
  if (state.mode === 'write-off') return CONFIRM_HINTS;
  const unavailable = canUpdate ? undefined : ADMIN_ONLY;
  return [
    { keys: '↑/↓', label: 'select' },
    { keys: 's', label: 'restock', unavailable },
    { keys: 'w', label: 'write off', unavailable },
    { keys: 'g', label: 'reload' },
    ...navigationHints(tabCount),
  ];
}
