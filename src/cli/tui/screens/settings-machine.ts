import type { Key } from 'ink';
import type { Hint } from '../components/Footer.js';
import { notice } from '../hooks/use-machine.js';
import type { Notice, Step } from '../hooks/use-machine.js';
import { EMPTY_LINE, editLine, lineOf } from '../line-editor.js';
import type { Line } from '../line-editor.js';
import type { Settings } from '../tui-api.js';
import { ADMIN_ONLY, EDITING_HINTS, navigationHints } from './screen-props.js';

/** What each known setting means; settings the server adds later are listed after these. */
export const SETTING_HELP: Record<string, string> = {
  stuck_after_days: 'days until a produced order is stuck (1–365)',
  timezone: 'IANA time zone, e.g. Europe/London',
  station_app_scheme: 'only for native station apps: their QR scheme',
  public_url: 'address tablets open, e.g. https://factory.example.com; empty = as reached',
  gs1_company_prefix: 'GS1 company prefix for pallet SSCCs (6–12 digits); empty = restricted',
  session_ttl_hours: 'hours a staff sign-in lasts',
  label_size: 'read-only: labels are 4 × 6 in',
  default_dpi: 'printer resolution: 203 or 300',
  backup_schedule: 'backups: 02:30 daily (02:30, 14:30) or every 6h; empty = none',
  backup_dir: 'folder on the server for backups; empty = <data-dir>/backups',
  backup_keep: 'how many verified backups to keep',
  operator_idle_minutes: 'minutes without a scan that sign a station’s operator out; empty = never',
  webhook_retention_days: 'days deliveries are kept',
  webhook_allowed_hosts: 'hosts/CIDRs webhooks may reach, a, b; empty = any',
};

/**
 * Settings the server shows but offers no choice for, and why: the field is not offered for
 * editing, and the reason is said instead of sending a value the server would refuse.
 */
export const READ_ONLY_SETTINGS: Record<string, string> = {
  label_size: 'factoryd prints 4 × 6 in labels only',
};

/**
 * Settings one can change as a line of text: everything but the record's own bookkeeping
 * (`object`, `…_at`) and lists of records (`print_rules`: the staff app and `factory settings`).
 */
export function fieldsOf(settings: Settings | undefined): string[] {
  if (!settings) return [];
  const present = Object.keys(settings).filter((field) => {
    const value = (settings as Record<string, unknown>)[field];
    const records = Array.isArray(value) && value.some((item) => typeof item === 'object');
    return field !== 'object' && !field.endsWith('_at') && !records && field !== 'print_rules';
  });
  const known = Object.keys(SETTING_HELP).filter((field) => present.includes(field));
  return [...known, ...present.filter((field) => !(field in SETTING_HELP))];
}

/** How a value is shown and edited: lists comma separated, nothing as empty. */
export function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * The typed text as the JSON the server expects, guided by the current value's type. Text that
 * does not fit (letters for a number) is sent as it is, so the server's own message explains.
 */
export function parseValue(text: string, current: unknown): unknown {
  const trimmed = text.trim();
  if (Array.isArray(current)) {
    return trimmed
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
  if (typeof current === 'number')
    return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
  if (typeof current === 'boolean') {
    return trimmed === 'true' ? true : trimmed === 'false' ? false : trimmed;
  }
  if (current === null && trimmed === '') return null;
  // An unset number (operator_idle_minutes): digits are a number, as a set one's would be.
  if (current === null && /^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

export interface SettingsState {
  selected: number;
  /** The field being edited, if any. */
  editing?: string | undefined;
  /** The value being typed, with its cursor. */
  draft: Line;
  /** The server's refusal of a field's last value, next to the field; '' once it is dealt with. */
  fieldErrors: Record<string, string>;
}

export const SETTINGS_START: SettingsState = { selected: 0, draft: EMPTY_LINE, fieldErrors: {} };

export type SettingsAction =
  | { type: 'select'; index: number }
  /** Edit `field`, starting from its value as text. */
  | { type: 'edit'; field: string | undefined; value: string; allowed: boolean }
  /** A key pressed while editing: the line editor applies it to the draft as it is now. */
  | { type: 'key'; input: string; key: Key }
  | { type: 'cancel' }
  | { type: 'save' }
  | { type: 'saved'; field: string }
  | { type: 'refused'; field: string; message: string }
  | { type: 'reload' };

export type SettingsEffect =
  Notice | { kind: 'save'; field: string; text: string } | { kind: 'reload' };

/** The Settings tab's state machine. */
export function settingsReducer(
  state: SettingsState,
  action: SettingsAction,
): Step<SettingsState, SettingsEffect> {
  const clear = (field: string) => ({ ...state.fieldErrors, [field]: '' });
  switch (action.type) {
    case 'select':
      return { state: { ...state, selected: action.index } };
    case 'edit':
      if (!action.field) return { state };
      if (READ_ONLY_SETTINGS[action.field]) {
        const why = READ_ONLY_SETTINGS[action.field]!;
        return { state, effect: notice('info', `${action.field} is read-only: ${why}.`) };
      }
      if (!action.allowed)
        return { state, effect: notice('error', 'changing settings is admin only') };
      return {
        state: { ...state, editing: action.field, draft: lineOf(action.value) },
        effect: { kind: 'notice', status: undefined },
      };
    case 'key':
      if (!state.editing) return { state };
      return { state: { ...state, draft: editLine(state.draft, action.input, action.key) } };
    case 'cancel':
      if (!state.editing) return { state };
      return { state: { ...state, editing: undefined, fieldErrors: clear(state.editing) } };
    case 'save':
      if (!state.editing) return { state };
      return { state, effect: { kind: 'save', field: state.editing, text: state.draft.text } };
    case 'saved':
      return {
        state: {
          ...state,
          editing: state.editing === action.field ? undefined : state.editing,
          fieldErrors: clear(action.field),
        },
      };
    case 'refused':
      return {
        state: { ...state, fieldErrors: { ...state.fieldErrors, [action.field]: action.message } },
      };
    case 'reload':
      return { state, effect: { kind: 'reload' } };
  }
}

/** The keys that work while a field is edited, and while one is chosen (`field`, selected). */
export function settingsHints(
  state: SettingsState,
  canEdit: boolean,
  tabCount: number,
  field?: string,
): Hint[] {
  if (state.editing) return EDITING_HINTS;
  const readOnly = field !== undefined && field in READ_ONLY_SETTINGS;
  return [
    { keys: '↑/↓', label: 'select' },
    {
      keys: 'Enter',
      label: 'edit',
      unavailable: readOnly ? 'read-only' : canEdit ? undefined : ADMIN_ONLY,
    },
    { keys: 'g', label: 'reload' },
    ...navigationHints(tabCount),
  ];
}
