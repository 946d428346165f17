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
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../contract/enums.js';
import {
  isDead,
  KEYS_START,
  keysHints,
  keysReducer,
  ROLL_OVERLAP_SECONDS,
} from './keys-machine.js';
import type { KeysAction, KeysEffect, KeysState } from './keys-machine.js';
import type { ScreenProps } from './screen-props.js';

const COLUMNS: TableColumn[] = [
  { header: 'name' },
  { header: 'key', width: 9 },
  { header: 'scopes', width: 18 },
  { header: 'created', width: 12 },
  { header: 'last used', width: 12 },
  { header: 'status', width: 20 },
];

/** What a key's row says of it: active (until when), expired or revoked. */
function keyStatus(key: ApiKey, now: Date): string {
  if (key.revoked_at) return `revoked ${ago(key.revoked_at, now)}`;
  if (key.expires_at && Date.parse(key.expires_at) <= now.getTime()) {
    return `expired ${ago(key.expires_at, now)}`;
  }
  return key.expires_at ? `expires ${ago(key.expires_at, now)}` : 'active';
}

/** The action a key asks for in the current mode, if any. */
function actionFor(
  state: KeysState,
  input: string,
  key: Key,
  context: {
    count: number;
    current: ApiKey | undefined;
    canCreate: boolean;
    canRevoke: boolean;
    canRoll: boolean;
  },
): KeysAction | undefined {
  if (state.mode === 'name' || state.mode === 'scopes') {
    if (key.escape) return { type: 'cancel' };
    if (key.return) return { type: state.mode === 'name' ? 'name-done' : 'create' };
    return { type: 'key', input, key };
  }
  if (state.mode === 'roll') {
    if (input === 'y') return { type: 'confirm-roll', key: context.current };
    return input === 'n' || key.escape ? { type: 'cancel' } : undefined;
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
  if (input === 'o') return { type: 'roll', key: context.current, allowed: context.canRoll };
  return undefined;
}

/**
 * API keys: the list with each key's scopes and expiry, creating one (with scopes; shown once),
 * rolling one (a new key, the old one working a day more) and revoking one. Admins and keys
 * with the admin scope only.
 */
export function KeysScreen(props: ScreenProps) {
  const { api, me, can, active, navigation, timing, colour, columns, bodyHeight } = props;
  const allowed = can(ROUTES.listKeys);
  const canCreate = can(ROUTES.createKey);
  const canRevoke = can(ROUTES.revokeKey);
  const canRoll = can(ROUTES.rollKey);
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
    else if (effect.kind === 'create') void create(effect.name, effect.scopes);
    else if (effect.kind === 'roll') void roll(effect.key);
    else void revoke(effect.key);
  };
  const [state, dispatch, getState] = useMachine(keysReducer, KEYS_START, perform);
  const { mode, created } = state;
  const list = keys.rows;
  const current: ApiKey | undefined = list[Math.min(state.selected, list.length - 1)];

  async function create(name: string, scopes: ApiKeyScope[]) {
    const result = await action.run(() => api.createKey(name, scopes));
    if (!result) return dispatch({ type: 'create-failed' });
    dispatch({ type: 'created', key: result.value });
    keys.refresh();
  }

  async function roll(key: ApiKey) {
    const result = await action.run(() => api.rollKey(key.id, ROLL_OVERLAP_SECONDS));
    if (!result) return;
    dispatch({ type: 'rolled', key: result.value });
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
    const context = { count: list.length, current, canCreate, canRevoke, canRoll };
    const next = actionFor(state, input, key, context);
    if (next) dispatch(next);
  }, active);

  const hints = keysHints(
    state,
    { list: allowed, create: canCreate, revoke: canRevoke, roll: canRoll },
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
        <Text bold>{`New API key “${created.name}” (${created.scopes.join(', ')})`}</Text>
        <Text> </Text>
        <Text bold>{created.key}</Text>
        {state.rolledFrom ? (
          <Text>{`The old key …${state.rolledFrom.last4} keeps working until ${
            state.rolledFrom.expires_at ?? 'revoked'
          }: switch to the new one before then.`}</Text>
        ) : null}
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
            dim: isDead(key, now),
            cells: [
              key.name,
              `…${key.last4}`,
              key.scopes.join(','),
              ago(key.created_at, now),
              key.last_used_at ? ago(key.last_used_at, now) : 'never',
              keyStatus(key, now),
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
        {mode === 'scopes' ? (
          <Box marginTop={1} flexDirection="column">
            <TextField
              label={`Scopes for “${state.name.text.trim()}”`}
              value={state.scopes.text}
              cursor={state.scopes.cursor}
              focused
              error={state.scopesError}
              colour={colour}
            />
            <Text dimColor>{`comma separated: ${API_KEY_SCOPES.join(', ')}`}</Text>
          </Box>
        ) : null}
        {mode === 'roll' && current ? (
          <Confirm
            question={`Roll key “${current.name}” (…${current.last4})?`}
            detail="A new key with the same scopes; the old one keeps working for 24 hours."
          />
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
