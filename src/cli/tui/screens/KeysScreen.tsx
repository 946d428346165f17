import { Box, Text } from 'ink';
import { useState } from 'react';
import { Confirm } from '../components/Confirm.js';
import type { Hint } from '../components/Footer.js';
import { frameStatus, ScreenFrame } from '../components/ScreenFrame.js';
import { Table } from '../components/Table.js';
import type { TableColumn } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { ago, errorLine } from '../format.js';
import { useAction } from '../hooks/use-action.js';
import { useKeys } from '../hooks/use-keys.js';
import { useNow } from '../hooks/use-now.js';
import { useLiveState } from '../hooks/use-live-state.js';
import { useResource } from '../hooks/use-resource.js';
import { editText, isSelectionKey, moveSelection, navigate } from '../keyboard.js';
import { ROUTES } from '../tui-api.js';
import type { ApiKey, CreatedApiKey } from '../tui-api.js';
import type { ScreenProps } from './screen-props.js';
import { ADMIN_ONLY, CONFIRM_HINTS, EDITING_HINTS, navigationHints } from './screen-props.js';

type Mode = 'browse' | 'name' | 'created' | 'revoke';

const COLUMNS: TableColumn[] = [
  { header: 'name' },
  { header: 'key', width: 9 },
  { header: 'created', width: 12 },
  { header: 'last used', width: 12 },
  { header: 'status', width: 16 },
];

/** API keys: the list, creating one (shown once), revoking one. Admins and API keys only. */
export function KeysScreen(props: ScreenProps) {
  const { api, me, can, active, navigation, timing, colour, columns, bodyHeight } = props;
  const allowed = can(ROUTES.listKeys);
  const [mode, setMode, getMode] = useLiveState<Mode>('browse');
  const [selected, setSelected, getSelected] = useLiveState(0);
  const [name, setName, getName] = useLiveState('');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [created, setCreated] = useState<CreatedApiKey | undefined>(undefined);
  const action = useAction(props.onUnauthorized);
  const now = useNow(props.now, timing.tickMs * 30, active);
  const keys = useResource(() => api.listKeys(), {
    active: active && allowed,
    intervalMs: timing.refreshMs,
    retryBaseMs: timing.retryBaseMs,
    retryMaxMs: timing.retryMaxMs,
    onUnauthorized: props.onUnauthorized,
  });
  const list = keys.data ?? [];
  const current: ApiKey | undefined = list[Math.min(selected, list.length - 1)];
  const selectedKey = (): ApiKey | undefined => list[Math.min(getSelected(), list.length - 1)];
  const canCreate = can(ROUTES.createKey);
  const canRevoke = can(ROUTES.revokeKey);

  const create = async () => {
    const trimmed = getName().trim();
    if (!trimmed) {
      setNameError('a name is needed');
      return;
    }
    const result = await action.run(() => api.createKey(trimmed));
    if (result) {
      setCreated(result.value);
      setMode('created');
      keys.refresh();
    } else {
      setMode('browse');
    }
  };

  const revoke = async (key: ApiKey) => {
    setMode('browse');
    await action.run(() => api.revokeKey(key.id), {
      success: () => `Revoked key “${key.name}” (…${key.last4}).`,
    });
    keys.refresh();
  };

  useKeys((input, key) => {
    if (action.isBusy()) return;
    const mode = getMode();
    const current = selectedKey();
    if (mode === 'name') {
      if (key.escape) setMode('browse');
      else if (key.return) void create();
      else {
        setName((value) => editText(value, input, key));
        setNameError(undefined);
      }
      return;
    }
    if (mode === 'created') {
      if (key.return || key.escape) {
        setCreated(undefined);
        setMode('browse');
      }
      return;
    }
    if (mode === 'revoke') {
      if (input === 'y' && current) void revoke(current);
      else if (input === 'n' || key.escape) setMode('browse');
      return;
    }
    if (navigate(input, key, navigation)) return;
    if (!allowed) return;
    if (isSelectionKey(key)) setSelected((index) => moveSelection(index, list.length, key));
    else if (input === 'c') {
      if (!canCreate)
        return action.setStatus({ kind: 'error', text: 'creating keys is admin only' });
      setName('');
      setNameError(undefined);
      setMode('name');
    } else if (input === 'r' && current) {
      if (!canRevoke)
        return action.setStatus({ kind: 'error', text: 'revoking keys is admin only' });
      if (current.revoked_at) {
        return action.setStatus({ kind: 'info', text: `“${current.name}” is already revoked.` });
      }
      setMode('revoke');
    }
  }, active);

  let hints: Hint[];
  if (mode === 'name') hints = EDITING_HINTS;
  else if (mode === 'revoke') hints = CONFIRM_HINTS;
  else if (mode === 'created') hints = [{ keys: 'Enter', label: 'done, I have copied it' }];
  else {
    hints = allowed
      ? [
          { keys: '↑/↓', label: 'select' },
          { keys: 'c', label: 'create', unavailable: canCreate ? undefined : ADMIN_ONLY },
          { keys: 'r', label: 'revoke', unavailable: canRevoke ? undefined : ADMIN_ONLY },
        ]
      : [];
    hints = [...hints, ...navigationHints(navigation.tabCount)];
  }

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
    const selectedRow = Math.min(selected, Math.max(0, list.length - 1));
    const reserved = mode === 'browse' ? 0 : 4;
    body = (
      <Box flexDirection="column">
        {keys.data === undefined && keys.error ? (
          <Text>{`Could not load the keys: ${errorLine(keys.error)}`}</Text>
        ) : (
          <Table
            columns={COLUMNS}
            rows={list.map((key) => ({
              key: key.id,
              dim: Boolean(key.revoked_at),
              cells: [
                key.name,
                `…${key.last4}`,
                ago(key.created_at, now),
                key.last_used_at ? ago(key.last_used_at, now) : 'never',
                key.revoked_at ? `revoked ${ago(key.revoked_at, now)}` : 'active',
              ],
            }))}
            selected={selectedRow}
            height={bodyHeight - 2 - reserved}
            width={columns}
            empty={keys.loading ? 'loading…' : 'No API keys.'}
            colour={colour}
          />
        )}
        {mode === 'name' ? (
          <Box marginTop={1}>
            <TextField
              label="Name for the new key"
              value={name}
              focused
              error={nameError}
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
    <ScreenFrame
      height={bodyHeight}
      columns={columns}
      {...frameStatus(action.status, keys)}
      hints={hints}
      colour={colour}
    >
      {body}
    </ScreenFrame>
  );
}
