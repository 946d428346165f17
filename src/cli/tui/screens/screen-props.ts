import type { Hint } from '../components/Footer.js';
import type { Navigation } from '../keyboard.js';
import type { TuiTiming } from '../timing.js';
import type { Caller, TuiApi } from '../tui-api.js';

/** What the app hands every tab. */
export interface ScreenProps {
  api: TuiApi;
  me: Caller;
  /** Whether the signed-in caller may use a route (`POST /v1/api-keys`). */
  can: (route: string) => boolean;
  /** The tab is on screen: it takes keys and refreshes its data. */
  active: boolean;
  navigation: Navigation;
  now: () => Date;
  timing: TuiTiming;
  colour: boolean;
  columns: number;
  /** Lines for the tab's body, status line and footer excluded. */
  bodyHeight: number;
  onUnauthorized: (error: unknown) => void;
}

export const ADMIN_ONLY = 'admin only';

/** The footer hints every tab ends with while it is not capturing typed text. */
export function navigationHints(tabCount: number): Hint[] {
  return [
    { keys: `1-${tabCount} ←/→`, label: 'tabs' },
    { keys: 'q', label: 'quit' },
  ];
}

/** Hints while a text field or a question has the keyboard. */
export const EDITING_HINTS: Hint[] = [
  { keys: 'Enter', label: 'confirm' },
  { keys: 'Esc', label: 'cancel' },
  { keys: 'Ctrl-U', label: 'clear' },
];

export const CONFIRM_HINTS: Hint[] = [
  { keys: 'y', label: 'yes' },
  { keys: 'n/Esc', label: 'no' },
];
