import { Box, Text } from 'ink';
import { useState } from 'react';
import type { Hint } from '../components/Footer.js';
import { frameStatus, ScreenFrame } from '../components/ScreenFrame.js';
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import { ApiError } from '../../errors.js';
import { ago, errorLine } from '../format.js';
import { useAction } from '../hooks/use-action.js';
import { useKeys } from '../hooks/use-keys.js';
import { useLiveState } from '../hooks/use-live-state.js';
import { useResource } from '../hooks/use-resource.js';
import { editText, isSelectionKey, moveSelection, navigate } from '../keyboard.js';
import { ROUTES } from '../tui-api.js';
import type { Settings } from '../tui-api.js';
import type { ScreenProps } from './screen-props.js';
import { ADMIN_ONLY, EDITING_HINTS, navigationHints } from './screen-props.js';

/** What each known setting means; settings the server adds later are listed after these. */
const HELP: Record<string, string> = {
  stuck_after_days: 'days until a produced order is stuck (1–365)',
  timezone: 'IANA time zone, e.g. Europe/London',
  station_app_scheme: 'scheme of pairing QR codes',
  session_ttl_hours: 'hours a staff sign-in lasts',
  label_size: 'label size',
  default_dpi: 'printer resolution: 203 or 300',
  webhook_retention_days: 'days deliveries are kept',
  webhook_allowed_hosts: 'hosts/CIDRs webhooks may reach, a, b; empty = any',
};

const NAME_WIDTH = 24;
const VALUE_WIDTH = 22;

/** Settings one can change: everything but the record's own bookkeeping (`object`, `…_at`). */
function fieldsOf(settings: Settings | undefined): string[] {
  if (!settings) return [];
  const present = Object.keys(settings).filter(
    (field) => field !== 'object' && !field.endsWith('_at'),
  );
  const known = Object.keys(HELP).filter((field) => present.includes(field));
  return [...known, ...present.filter((field) => !(field in HELP))];
}

/** How a value is shown and edited: lists comma separated, nothing as empty. */
function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * The typed text as the JSON the server expects, guided by the current value's type. Text that
 * does not fit (letters for a number) is sent as it is, so the server's own message explains.
 */
function parseValue(text: string, current: unknown): unknown {
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
  return trimmed;
}

function pad(text: string, width: number): string {
  const cut = cliTruncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - stringWidth(cut)));
}

/** Settings: every field with its value; admins edit one at a time, the server's refusals inline. */
export function SettingsScreen(props: ScreenProps) {
  const { api, can, active, navigation, timing, colour, columns, bodyHeight } = props;
  const [selected, setSelected, getSelected] = useLiveState(0);
  const [editing, setEditing, getEditing] = useLiveState<string | undefined>(undefined);
  const [draft, setDraft, getDraft] = useLiveState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const action = useAction(props.onUnauthorized);
  const settings = useResource(() => api.getSettings(), {
    active,
    intervalMs: editing ? undefined : timing.refreshMs,
    retryBaseMs: timing.retryBaseMs,
    retryMaxMs: timing.retryMaxMs,
    onUnauthorized: props.onUnauthorized,
  });
  const fields = fieldsOf(settings.data);
  const canEdit = can(ROUTES.updateSettings);

  const save = async (name: string) => {
    const value = parseValue(getDraft(), settings.data?.[name]);
    const result = await action.run(() => api.updateSettings({ [name]: value }), {
      success: (saved) => `Saved ${name} = ${textOf(saved[name]) || '(empty)'}.`,
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.param) return false;
        const param = error.param.split('.')[0]!;
        if (!fields.includes(param)) return false;
        setFieldErrors((errors) => ({ ...errors, [param]: `${error.message} (${error.code})` }));
        return true;
      },
    });
    if (result) {
      setEditing(undefined);
      setFieldErrors((errors) => ({ ...errors, [name]: '' }));
      settings.show(result.value);
      settings.refresh();
    }
  };

  useKeys((input, key) => {
    if (action.isBusy()) return;
    const editing = getEditing();
    const field = fields[Math.min(getSelected(), fields.length - 1)];
    if (editing) {
      if (key.escape) {
        setEditing(undefined);
        setFieldErrors((errors) => ({ ...errors, [editing]: '' }));
      } else if (key.return) void save(editing);
      else setDraft((value) => editText(value, input, key));
      return;
    }
    if (navigate(input, key, navigation)) return;
    if (isSelectionKey(key)) setSelected((index) => moveSelection(index, fields.length, key));
    else if ((key.return || input === 'e') && field) {
      if (!canEdit) {
        action.setStatus({ kind: 'error', text: 'changing settings is admin only' });
        return;
      }
      setDraft(textOf(settings.data?.[field]));
      setEditing(field);
      action.setStatus(undefined);
    } else if (input === 'g') settings.refresh();
  }, active);

  const hints: Hint[] = editing
    ? EDITING_HINTS
    : [
        { keys: '↑/↓', label: 'select' },
        { keys: 'Enter', label: 'edit', unavailable: canEdit ? undefined : ADMIN_ONLY },
        { keys: 'g', label: 'reload' },
        ...navigationHints(navigation.tabCount),
      ];

  const noteWidth = Math.max(10, columns - 2 - NAME_WIDTH - VALUE_WIDTH - 2);
  const refusal = editing && fieldErrors[editing] ? [editing, fieldErrors[editing]] : undefined;
  let body;
  if (settings.data === undefined) {
    body = (
      <Text>
        {settings.error ? `Could not load the settings: ${errorLine(settings.error)}` : 'loading…'}
      </Text>
    );
  } else {
    body = (
      <Box flexDirection="column">
        <Text bold>{`  ${pad('setting', NAME_WIDTH)}${pad('value', VALUE_WIDTH)}  about`}</Text>
        {fields.map((name, index) => {
          const isSelected = index === Math.min(selected, fields.length - 1);
          const isEditing = editing === name;
          const error = fieldErrors[name];
          const value = isEditing ? `${draft}█` : textOf(settings.data?.[name]) || '—';
          return (
            <Box key={name}>
              <Text bold={isSelected} inverse={isSelected && colour && !isEditing}>
                {`${isSelected ? '›' : ' '} ${pad(name, NAME_WIDTH)}${pad(value, VALUE_WIDTH)}`}
              </Text>
              <Text>{'  '}</Text>
              {error ? (
                <Text color={colour ? 'red' : undefined} wrap="truncate-end">
                  {cliTruncate(`✗ ${error}`, noteWidth)}
                </Text>
              ) : (
                <Text dimColor wrap="truncate-end">
                  {cliTruncate(HELP[name] ?? '', noteWidth)}
                </Text>
              )}
            </Box>
          );
        })}
        <Text> </Text>
        {refusal ? (
          // The server's whole answer, wrapped: the note next to the field is cut to fit.
          <Text color={colour ? 'red' : undefined} wrap="wrap">
            {`✗ ${refusal[0]}: ${refusal[1]}`}
          </Text>
        ) : null}
        {editing ? (
          <Text>{`Editing ${editing}: type the new value, Enter saves, Esc cancels.`}</Text>
        ) : typeof settings.data.updated_at === 'string' ? (
          <Text dimColor>{`Last changed ${ago(settings.data.updated_at, props.now())}.`}</Text>
        ) : null}
      </Box>
    );
  }

  return (
    <ScreenFrame
      height={bodyHeight}
      columns={columns}
      {...frameStatus(action.status, settings)}
      hints={hints}
      colour={colour}
    >
      {body}
    </ScreenFrame>
  );
}
