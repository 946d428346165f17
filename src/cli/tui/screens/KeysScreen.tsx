import { Box, Text } from 'ink';
import type { Key } from 'ink';
import { Confirm } from '../components/Confirm.js';
import { ListTable } from '../components/ListTable.js';
import { TabFrame } from '../components/ScreenFrame.js';
import type { TableColumn } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { ago } from '../format.js';
import { useAction } from '../hooks/use-action.js';
import { useKeys } from '../hooks/use-keys.js';
import { useList } from '../hooks/use-list.js';
import { useMachine } from '../hooks/use-machine.js';
import { useNow } from '../hooks/use-now.js';
import { isSelectionKey, moveSelection, navigate } from '../keyboard.js';
import { readKeys, ROUTES } from '../tui-api.js';
import type { ApiKey } from '../tui-api.js';
import { KEYS_START, keysHints, keysReducer } from './keys-machine.js';
import type { KeysAction, KeysEffect, KeysState } from './keys-machine.js';
import type { ScreenProps } from './screen-props.js';

const COLUMNS: TableColumn[] = [
  { header: 'name' },
  { header: 'key', width: 9 },
  { header: 'created', width: 12 },
  { header: 'last used', width: 12 },
  { header: 'status', width: 16 },
];

/** The action a key asks for in the current mode, if any. */
function actionFor(
  state: KeysState,
  input: string,
  key: Key,
  context: { count: number; current: ApiKey | undefined; canCreate: boolean; canRevoke: boolean },
): KeysAction | undefined {
  if (state.mode === 'name') {
    if (key.escape) return { type: 'cancel' };
    if (key.return) return { type: 'create' };
    return { type: 'key', input, key };
  }
  if (state.mode === 'created') return key.return || key.escape ? { type: 'done' } : undefined;
  if (state.mode === 'revoke') {
    if (input === 'y') return { type: 'confirm-revoke', key: context.current };
    return input === 'n' || key.escape ? { type: 'cancel' } : undefined;
  }
  if (isSelectionKey(key)) {
    return { type: 'select', index: moveSelection(state.selected, context.count, key) };
  }
  if (input === 'c') return { type: 'new-key', allowed: context.canCreate };
  if (input === 'r') return { type: 'revoke', key: context.current, allowed: context.canRevoke };
  return undefined;
}

/** API keys: the list, creating one (shown once), revoking one. Admins and API keys only. */
export function KeysScreen(props: ScreenProps) {
  const { api, me, can, active, navigation, timing, colour, columns, bodyHeight } = props;
  const allowed = can(ROUTES.listKeys);
  const canCreate = can(ROUTES.createKey);
  const canRevoke = can(ROUTES.revokeKey);
  const action = useAction(props.onUnauthorized);
  const now = useNow(props.now, timing.tickMs * 30, active);
  const keys = useList((pages) => readKeys(api, pages), {
    active: active && allowed,
    intervalMs: timing.refreshMs,
    retryBaseMs: timing.retryBaseMs,
    retryMaxMs: timing.retryMaxMs,
    onUnauthorized: props.onUnauthorized,
  });

  const perform = (effect: KeysEffect) => {
    if (effect.kind === 'notice') action.setStatus(effect.status);
    else if (effect.kind === 'create') void create(effect.name);
    else void revoke(effect.key);
  };
  const [state, dispatch, getState] = useMachine(keysReducer, KEYS_START, perform);
  const { mode, created } = state;
  const list = keys.rows;
  const current: ApiKey | undefined = list[Math.min(state.selected, list.length - 1)];

  async function create(name: string) {
    const result = await action.run(() => api.createKey(name));
    if (!result) return dispatch({ type: 'create-failed' });
    dispatch({ type: 'created', key: result.value });
    keys.refresh();
  }

  async function revoke(key: ApiKey) {
    await action.run(() => api.revokeKey(key.id), {
      success: () => `Revoked key “${key.name}” (…${key.last4}).`,
    });
    keys.refresh();
  }

  useKeys((input, key) => {
    if (action.isBusy()) return;
    const state = getState();
    if (state.mode === 'browse' && (navigate(input, key, navigation) || !allowed)) return;
    const list = keys.rows;
    const current = list[Math.min(state.selected, list.length - 1)];
    const context = { count: list.length, current, canCreate, canRevoke };
    const next = actionFor(state, input, key, context);
    if (next) dispatch(next);
  }, active);

  const hints = keysHints(
    state,
    { list: allowed, create: canCreate, revoke: canRevoke },
    navigation.tabCount,
  );

  let body;
  if (!allowed) {
    body = (
      <Box flexDirection="column">
        <Text>API keys are managed by an admin (admin only).</Text>
        <Text dimColor>Sign in with an admin account or an API key to create or revoke keys.</Text>
      </Box>
    );
  } else if (mode === 'created' && created) {
    body = (
      <Box flexDirection="column" borderStyle="round" paddingX={1}>
        <Text bold>{`New API key “${created.name}”`}</Text>
        <Text> </Text>
        <Text bold>{created.key}</Text>
        <Text> </Text>
        <Text bold color={colour ? 'yellow' : undefined}>
          ! Copy it now — it will not be shown again.
        </Text>
        <Text>Only a hash is kept: a lost key cannot be recovered, only revoked and replaced.</Text>
      </Box>
    );
  } else {
    const reserved = mode === 'browse' ? 0 : 4;
    body = (
      <Box flexDirection="column">
        <ListTable
          list={keys}
          noun="keys"
          columns={COLUMNS}
          row={(key) => ({
            key: key.id,
            dim: Boolean(key.revoked_at),
            cells: [
              key.name,
              `…${key.last4}`,
              ago(key.created_at, now),
              key.last_used_at ? ago(key.last_used_at, now) : 'never',
              key.revoked_at ? `revoked ${ago(key.revoked_at, now)}` : 'active',
            ],
          })}
          selected={state.selected}
          height={bodyHeight - 2 - reserved}
          width={columns}
          empty="No API keys."
          colour={colour}
        />
        {mode === 'name' ? (
          <Box marginTop={1}>
            <TextField
              label="Name for the new key"
              value={state.name.text}
              cursor={state.name.cursor}
              focused
              error={state.nameError}
              colour={colour}
            />
          </Box>
        ) : null}
        {mode === 'revoke' && current ? (
          <Confirm
            question={`Revoke key “${current.name}” (…${current.last4})?`}
            detail={
              current.id === me.api_key?.id
                ? 'This terminal is signed in with this key: it stops working here too.'
                : 'Anything using it stops working at once.'
            }
          />
        ) : null}
      </Box>
    );
  }

  return (
    <TabFrame layout={props} status={action.status} resource={keys} hints={hints}>
      {body}
    </TabFrame>
  );
}
