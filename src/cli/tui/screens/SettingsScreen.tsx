import { Box, Text } from 'ink';
import type { Key } from 'ink';
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import { ApiError } from '../../errors.js';
import { TabFrame } from '../components/ScreenFrame.js';
import { LineText, lineTextWidth } from '../components/TextField.js';
import { ago, errorLine } from '../format.js';
import { useAction } from '../hooks/use-action.js';
import { useKeys } from '../hooks/use-keys.js';
import { useMachine } from '../hooks/use-machine.js';
import { useResource } from '../hooks/use-resource.js';
import { isSelectionKey, moveSelection, navigate } from '../keyboard.js';
import { ROUTES } from '../tui-api.js';
import type { Settings } from '../tui-api.js';
import type { ScreenProps } from './screen-props.js';
import {
  fieldsOf,
  parseValue,
  READ_ONLY_SETTINGS,
  SETTING_HELP,
  SETTINGS_START,
  settingsHints,
  settingsReducer,
  textOf,
} from './settings-machine.js';
import type { SettingsAction, SettingsEffect, SettingsState } from './settings-machine.js';

const NAME_WIDTH = 24;
const VALUE_WIDTH = 22;

function pad(text: string, width: number): string {
  const cut = cliTruncate(text, width);
  return cut + ' '.repeat(Math.max(0, width - stringWidth(cut)));
}

/** The action a key asks for, if any. */
function actionFor(
  state: SettingsState,
  input: string,
  key: Key,
  context: { fields: string[]; settings: Settings | undefined; canEdit: boolean },
): SettingsAction | undefined {
  if (state.editing) {
    if (key.escape) return { type: 'cancel' };
    if (key.return) return { type: 'save' };
    return { type: 'key', input, key };
  }
  const { fields, settings, canEdit } = context;
  if (isSelectionKey(key)) {
    return { type: 'select', index: moveSelection(state.selected, fields.length, key) };
  }
  if (key.return || input === 'e') {
    const field = fields[Math.min(state.selected, fields.length - 1)];
    const value = field ? textOf(settings?.[field]) : '';
    return { type: 'edit', field, value, allowed: canEdit };
  }
  return input === 'g' ? { type: 'reload' } : undefined;
}

/** Settings: every field with its value; admins edit one at a time, the server's refusals inline. */
export function SettingsScreen(props: ScreenProps) {
  const { api, can, active, navigation, timing, colour, columns } = props;
  const action = useAction(props.onUnauthorized);
  const canEdit = can(ROUTES.updateSettings);

  const perform = (effect: SettingsEffect) => {
    if (effect.kind === 'notice') action.setStatus(effect.status);
    else if (effect.kind === 'save') void save(effect.field, effect.text);
    else settings.refresh();
  };
  const [state, dispatch, getState] = useMachine(settingsReducer, SETTINGS_START, perform);
  const { editing, draft, fieldErrors } = state;
  const settings = useResource(() => api.getSettings(), {
    active,
    intervalMs: editing ? undefined : timing.refreshMs,
    retryBaseMs: timing.retryBaseMs,
    retryMaxMs: timing.retryMaxMs,
    onUnauthorized: props.onUnauthorized,
  });
  const fields = fieldsOf(settings.data);

  async function save(field: string, text: string) {
    const value = parseValue(text, settings.data?.[field]);
    const result = await action.run(() => api.updateSettings({ [field]: value }), {
      success: (saved) => `Saved ${field} = ${textOf(saved[field]) || '(empty)'}.`,
      onError: (error) => {
        if (!(error instanceof ApiError) || !error.param) return false;
        const param = error.param.split('.')[0]!;
        if (!fields.includes(param)) return false;
        dispatch({ type: 'refused', field: param, message: `${error.message} (${error.code})` });
        return true;
      },
    });
    if (!result) return;
    dispatch({ type: 'saved', field });
    settings.show(result.value);
    settings.refresh();
  }

  useKeys((input, key) => {
    if (action.isBusy()) return;
    const state = getState();
    if (!state.editing && navigate(input, key, navigation)) return;
    const next = actionFor(state, input, key, { fields, settings: settings.data, canEdit });
    if (next) dispatch(next);
  }, active);

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
    const selected = Math.min(state.selected, fields.length - 1);
    body = (
      <Box flexDirection="column">
        <Text bold>{`  ${pad('setting', NAME_WIDTH)}${pad('value', VALUE_WIDTH)}  about`}</Text>
        {fields.map((name, index) => {
          const isSelected = index === selected;
          const isEditing = editing === name;
          const error = fieldErrors[name];
          const value = textOf(settings.data?.[name]) || '—';
          const readOnly = name in READ_ONLY_SETTINGS;
          return (
            <Box key={name}>
              {isEditing ? (
                <Text bold>
                  {`› ${pad(name, NAME_WIDTH)}`}
                  <LineText line={draft} width={VALUE_WIDTH} colour={colour} />
                  {' '.repeat(Math.max(0, VALUE_WIDTH - lineTextWidth(draft, VALUE_WIDTH, colour)))}
                </Text>
              ) : (
                <Text bold={isSelected} inverse={isSelected && colour}>
                  {`${isSelected ? '›' : ' '} ${pad(name, NAME_WIDTH)}${pad(
                    readOnly ? `${value} (read-only)` : value,
                    VALUE_WIDTH,
                  )}`}
                </Text>
              )}
              <Text>{'  '}</Text>
              {error ? (
                <Text color={colour ? 'red' : undefined} wrap="truncate-end">
                  {cliTruncate(`✗ ${error}`, noteWidth)}
                </Text>
              ) : (
                <Text dimColor wrap="truncate-end">
                  {cliTruncate(SETTING_HELP[name] ?? '', noteWidth)}
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
    <TabFrame
      layout={props}
      status={action.status}
      resource={settings}
      hints={settingsHints(state, canEdit, navigation.tabCount, fields[state.selected])}
    >
      {body}
    </TabFrame>
  );
}
