import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { Confirm } from '../components/Confirm.js';
import type { Hint } from '../components/Footer.js';
import { PairingPanel } from '../components/PairingPanel.js';
import type { PairingState } from '../components/PairingPanel.js';
import { frameStatus, ScreenFrame } from '../components/ScreenFrame.js';
import { Table } from '../components/Table.js';
import type { TableColumn } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { ago, countdown, errorLine } from '../format.js';
import { useAction } from '../hooks/use-action.js';
import { useKeys } from '../hooks/use-keys.js';
import { useNow } from '../hooks/use-now.js';
import { useLiveState } from '../hooks/use-live-state.js';
import { useResource } from '../hooks/use-resource.js';
import { editText, isSelectionKey, moveSelection, navigate } from '../keyboard.js';
import { qrLines } from '../qr-lines.js';
import { ROUTES, STATION_ROLES } from '../tui-api.js';
import type { Station, StationRole } from '../tui-api.js';
import type { ScreenProps } from './screen-props.js';
import { ADMIN_ONLY, CONFIRM_HINTS, EDITING_HINTS, navigationHints } from './screen-props.js';

type Mode = 'browse' | 'name' | 'role' | 'code' | 'revoke';

/** A code on screen: what was asked for, when it runs out, which stations existed before it. */
interface Pairing {
  code: string;
  qr: string;
  name: string;
  role: StationRole;
  expiresAt: number;
  knownIds: Set<string>;
  paired: boolean;
}

const COLUMNS: TableColumn[] = [
  { header: 'name' },
  { header: 'role', width: 8 },
  { header: 'last scan', width: 12 },
  { header: 'hardware check', width: 18 },
  { header: 'status', width: 10 },
];

function hardwareText(station: Station, now: Date): string {
  if (!station.hardware) return 'never checked';
  const verdict = station.hardware.passed ? 'passed' : 'FAILED';
  return `${verdict} ${ago(station.hardware.checked_at, now)}`;
}

/**
 * Stations: the list with each one's role, last scan and hardware check; issuing a pairing code
 * (shown large, as a QR code, with its countdown) and noticing when the station pairs; revoking.
 */
export function StationsScreen(props: ScreenProps) {
  const { api, can, active, navigation, timing, colour, columns, bodyHeight } = props;
  const [mode, setMode, getMode] = useLiveState<Mode>('browse');
  const [selected, setSelected, getSelected] = useLiveState(0);
  const [name, setName, getName] = useLiveState('');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [role, setRole, getRole] = useLiveState(0);
  const [pairing, setPairing] = useState<Pairing | undefined>(undefined);
  const action = useAction(props.onUnauthorized);

  const ticking = pairing !== undefined && !pairing.paired;
  // Every second while a countdown runs; otherwise only relative times need refreshing.
  const now = useNow(props.now, ticking ? timing.tickMs : timing.tickMs * 30, ticking || active);
  const expired = pairing !== undefined && !pairing.paired && pairing.expiresAt <= now.getTime();
  const waiting = pairing !== undefined && !pairing.paired && !expired;

  const stations = useResource(() => api.listStations(), {
    // While a code waits, the list is polled even from another tab, so "paired" is never missed.
    active: active || waiting,
    intervalMs: waiting ? timing.pairingPollMs : timing.refreshMs,
    retryBaseMs: timing.retryBaseMs,
    retryMaxMs: timing.retryMaxMs,
    onUnauthorized: props.onUnauthorized,
  });
  const list = stations.data ?? [];
  const current: Station | undefined = list[Math.min(selected, list.length - 1)];
  const canPair = can(ROUTES.createPairingCode);
  const canRevoke = can(ROUTES.revokeStation);

  useEffect(() => {
    if (!pairing || pairing.paired || !stations.data) return;
    const arrived = stations.data.some(
      (station) => !pairing.knownIds.has(station.id) && station.name === pairing.name,
    );
    if (arrived) setPairing({ ...pairing, paired: true });
  }, [stations.data, pairing]);

  const qr = useMemo(() => {
    if (!pairing) return undefined;
    for (const margin of [2, 1]) {
      const lines = qrLines(pairing.qr, { margin });
      if (lines.length <= bodyHeight && lines[0]!.length + 40 <= columns) return lines;
    }
    return undefined;
  }, [pairing, bodyHeight, columns]);

  const issue = async (stationRole: StationRole) => {
    const stationName = getName().trim();
    const knownIds = new Set(list.map((station) => station.id));
    const result = await action.run(() => api.createPairingCode(stationName, stationRole));
    if (!result) {
      setMode('browse');
      return;
    }
    const answer = result.value;
    setPairing({
      code: answer.code,
      qr: answer.qr ?? answer.code,
      name: stationName,
      role: stationRole,
      expiresAt: props.now().getTime() + (answer.expires_in_seconds ?? 600) * 1000,
      knownIds,
      paired: false,
    });
    setMode('code');
    stations.refresh();
  };

  const revoke = async (station: Station) => {
    setMode('browse');
    await action.run(() => api.revokeStation(station.id), {
      success: () => `Revoked station “${station.name}”; its token no longer works.`,
    });
    stations.refresh();
  };

  const startPairing = () => {
    if (!canPair) {
      action.setStatus({
        kind: 'error',
        text: 'issuing pairing codes is not allowed for this sign-in',
      });
      return;
    }
    setName('');
    setNameError(undefined);
    setMode('name');
  };

  useKeys((input, key) => {
    if (action.isBusy()) return;
    const mode = getMode();
    const current = list[Math.min(getSelected(), list.length - 1)];
    if (mode === 'name') {
      if (key.escape) setMode('browse');
      else if (key.return) {
        if (getName().trim()) setMode('role');
        else setNameError('a name is needed');
      } else {
        setName((value) => editText(value, input, key));
        setNameError(undefined);
      }
      return;
    }
    if (mode === 'role') {
      const count = STATION_ROLES.length;
      if (key.escape) setMode('browse');
      else if (key.leftArrow || key.upArrow) setRole((index) => (index + count - 1) % count);
      else if (key.rightArrow || key.downArrow || key.tab) setRole((index) => (index + 1) % count);
      else if (['p', 's', 'd'].includes(input)) {
        setRole(STATION_ROLES.findIndex((candidate) => candidate.startsWith(input)));
      } else if (key.return) void issue(STATION_ROLES[getRole()]!);
      return;
    }
    if (mode === 'revoke') {
      if (input === 'y' && current) void revoke(current);
      else if (input === 'n' || key.escape) setMode('browse');
      return;
    }
    if (mode === 'code') {
      if (key.escape || key.return) {
        setMode('browse');
        if (!waiting) setPairing(undefined);
        return;
      }
      if (input === 'n') return startPairing();
      navigate(input, key, navigation);
      return;
    }
    if (navigate(input, key, navigation)) return;
    if (isSelectionKey(key)) setSelected((index) => moveSelection(index, list.length, key));
    else if (input === 'n') startPairing();
    else if (input === 'p' && pairing) setMode('code');
    else if (input === 'r' && current) {
      if (!canRevoke) {
        action.setStatus({ kind: 'error', text: 'revoking stations is admin only' });
      } else if (current.revoked_at) {
        action.setStatus({ kind: 'info', text: `“${current.name}” is already revoked.` });
      } else setMode('revoke');
    }
  }, active);

  let hints: Hint[];
  if (mode === 'name') hints = EDITING_HINTS;
  else if (mode === 'role') {
    hints = [
      { keys: '←/→ p/s/d', label: 'role' },
      { keys: 'Enter', label: 'issue code' },
      { keys: 'Esc', label: 'cancel' },
    ];
  } else if (mode === 'revoke') hints = CONFIRM_HINTS;
  else if (mode === 'code') {
    hints = [
      { keys: 'Enter/Esc', label: 'back to list' },
      { keys: 'n', label: 'new code' },
      ...navigationHints(navigation.tabCount),
    ];
  } else {
    hints = [
      { keys: '↑/↓', label: 'select' },
      { keys: 'n', label: 'new pairing code', unavailable: canPair ? undefined : ADMIN_ONLY },
      ...(pairing ? [{ keys: 'p', label: 'show code' }] : []),
      { keys: 'r', label: 'revoke', unavailable: canRevoke ? undefined : ADMIN_ONLY },
      ...navigationHints(navigation.tabCount),
    ];
  }

  let body;
  if (mode === 'code' && pairing) {
    const state: PairingState = pairing.paired ? 'paired' : expired ? 'expired' : 'waiting';
    body = (
      <PairingPanel
        code={pairing.code}
        name={pairing.name}
        role={pairing.role}
        qr={qr}
        qrText={pairing.qr}
        state={state}
        remaining={countdown(pairing.expiresAt - now.getTime())}
        width={columns}
        colour={colour}
      />
    );
  } else {
    const reserved = mode === 'browse' ? (pairing ? 1 : 0) : 4;
    body = (
      <Box flexDirection="column">
        {stations.data === undefined && stations.error ? (
          <Text>{`Could not load the stations: ${errorLine(stations.error)}`}</Text>
        ) : (
          <Table
            columns={COLUMNS}
            rows={list.map((station) => ({
              key: station.id,
              dim: Boolean(station.revoked_at),
              cells: [
                station.name,
                station.role,
                station.last_scan_at ? ago(station.last_scan_at, now) : 'never',
                hardwareText(station, now),
                station.revoked_at ? 'revoked' : 'active',
              ],
            }))}
            selected={Math.min(selected, Math.max(0, list.length - 1))}
            height={bodyHeight - 2 - reserved}
            width={columns}
            empty={
              stations.loading ? 'loading…' : 'No stations yet: press n to issue a pairing code.'
            }
            colour={colour}
          />
        )}
        {mode === 'browse' && pairing ? (
          <Text>
            {pairing.paired
              ? `✓ Paired: ${pairing.name}`
              : expired
                ? `Pairing code ${pairing.code} expired.`
                : `Pairing code ${pairing.code} for “${pairing.name}”: ${countdown(pairing.expiresAt - now.getTime())} left (p shows it)`}
          </Text>
        ) : null}
        {mode === 'name' ? (
          <Box marginTop={1} flexDirection="column">
            <Text bold>New pairing code</Text>
            <TextField
              label="Station name"
              value={name}
              focused
              error={nameError}
              colour={colour}
            />
          </Box>
        ) : null}
        {mode === 'role' ? (
          <Box marginTop={1} flexDirection="column">
            <Text bold>{`New pairing code for “${name.trim()}”`}</Text>
            <Text>
              {'› Role: '}
              {STATION_ROLES.map((candidate, index) => (
                <Text key={candidate} bold={index === role} inverse={index === role && colour}>
                  {index === role ? `[${candidate}]` : ` ${candidate} `}
                </Text>
              ))}
            </Text>
          </Box>
        ) : null}
        {mode === 'revoke' && current ? (
          <Confirm
            question={`Revoke station “${current.name}” (${current.role})?`}
            detail="Its token stops working at once; the device must be paired again to scan."
          />
        ) : null}
      </Box>
    );
  }

  return (
    <ScreenFrame
      height={bodyHeight}
      columns={columns}
      {...frameStatus(action.status, stations)}
      hints={hints}
      colour={colour}
    >
      {body}
    </ScreenFrame>
  );
}
