import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import type { Key } from 'ink';
import { Confirm } from '../components/Confirm.js';
import { ListTable } from '../components/ListTable.js';
import { PairingPanel } from '../components/PairingPanel.js';
import { TabFrame } from '../components/ScreenFrame.js';
import type { TableColumn } from '../components/Table.js';
import { TextField } from '../components/TextField.js';
import { ago, countdown } from '../format.js';
import { useAction } from '../hooks/use-action.js';
import { useKeys } from '../hooks/use-keys.js';
import { useList } from '../hooks/use-list.js';
import { useMachine } from '../hooks/use-machine.js';
import { useNow } from '../hooks/use-now.js';
import { useResource } from '../hooks/use-resource.js';
import { editText, isSelectionKey, moveSelection, navigate } from '../keyboard.js';
import { qrLines } from '../qr-lines.js';
import { pairingCodeStatus, readStations, ROUTES, STATION_ROLES } from '../tui-api.js';
import type { Station, StationRow } from '../tui-api.js';
import type { ScreenProps } from './screen-props.js';
import {
  pairingState,
  STATIONS_START,
  stationsHints,
  stationsReducer,
} from './stations-machine.js';
import type { StationsAction, StationsEffect, StationsState } from './stations-machine.js';

const COLUMNS: TableColumn[] = [
  { header: 'name' },
  { header: 'role', width: 8 },
  { header: 'last scan', width: 12 },
  { header: 'hardware check', width: 18 },
  { header: 'status', width: 10 },
];
/** From this width on the table has a printer column; narrower, the selected station's line. */
const PRINTER_COLUMN_FROM = 120;
const WITH_PRINTER: TableColumn[] = [...COLUMNS, { header: 'printer', width: 28 }];

/** "Line 3 Zebra · paper out": the printer's name and its reasons, else its state. */
export function printerText(station: StationRow): string {
  const { printer } = station;
  if (station.role === 'board' && !station.printer_id) return '—';
  if (!printer) return station.printer_id ? `printer ${station.printer_id}` : 'no printer';
  const why = printer.state_reasons.map((r) => r.replace(/_/g, ' ')).join(', ');
  return `${printer.name} · ${why || printer.state}`;
}

function hardwareText(station: Station, now: Date): string {
  // A board (a TV showing the floor) has no scanner to check.
  if (station.role === 'board') return '—';
  if (!station.hardware) return 'never checked';
  const verdict = station.hardware.passed ? 'passed' : 'FAILED';
  return `${verdict} ${ago(station.hardware.checked_at, now)}`;
}

/** The action a key asks for in the current mode, if any. */
function actionFor(
  state: StationsState,
  input: string,
  key: Key,
  context: {
    count: number;
    current: Station | undefined;
    canPair: boolean;
    canRevoke: boolean;
    now: number;
  },
): StationsAction | undefined {
  const { mode } = state;
  const newCode: StationsAction = { type: 'new-code', allowed: context.canPair };
  if (mode === 'name') {
    if (key.escape) return { type: 'cancel' };
    if (key.return) return { type: 'submit-name' };
    return { type: 'name', value: editText(state.name, input, key) };
  }
  if (mode === 'role') {
    if (key.escape) return { type: 'cancel' };
    if (key.leftArrow || key.upArrow) return { type: 'step-role', by: -1 };
    if (key.rightArrow || key.downArrow || key.tab) return { type: 'step-role', by: 1 };
    if (key.return) return { type: 'issue' };
    return input ? { type: 'pick-role', letter: input } : undefined;
  }
  if (mode === 'revoke') {
    if (input === 'y') return { type: 'confirm-revoke', station: context.current };
    return input === 'n' || key.escape ? { type: 'cancel' } : undefined;
  }
  if (mode === 'code') {
    if (key.escape || key.return) return { type: 'close-code', now: context.now };
    return input === 'n' ? newCode : undefined;
  }
  if (isSelectionKey(key)) {
    return { type: 'select', index: moveSelection(state.selected, context.count, key) };
  }
  if (input === 'n') return newCode;
  if (input === 'p') return { type: 'show-code' };
  if (input === 'r')
    return { type: 'revoke', station: context.current, allowed: context.canRevoke };
  return undefined;
}

/**
 * Stations: the list with each one's role, last scan and hardware check; issuing a pairing code
 * (shown large, as a QR code, with its countdown) and noticing when that code is used; revoking.
 */
export function StationsScreen(props: ScreenProps) {
  const { api, can, active, navigation, timing, colour, columns, bodyHeight } = props;
  const action = useAction(props.onUnauthorized);
  const canPair = can(ROUTES.createPairingCode);
  const canRevoke = can(ROUTES.revokeStation);

  const perform = (effect: StationsEffect) => {
    if (effect.kind === 'notice') action.setStatus(effect.status);
    else if (effect.kind === 'issue') void issue(effect.name, effect.role);
    else void revoke(effect.station);
  };
  const [state, dispatch, getState] = useMachine(stationsReducer, STATIONS_START, perform);
  const { mode, pairing } = state;

  const ticking = pairing !== undefined && !pairing.paired;
  // Every second while a countdown runs; otherwise only relative times need refreshing.
  const now = useNow(props.now, ticking ? timing.tickMs : timing.tickMs * 30, ticking || active);
  const shown = pairing && pairingState(pairing, now.getTime());
  const retry = { retryBaseMs: timing.retryBaseMs, retryMaxMs: timing.retryMaxMs };

  const canListPrinters = can(ROUTES.listPrinters);
  const stations = useList((pages) => readStations(api, pages, canListPrinters), {
    active,
    intervalMs: timing.refreshMs,
    ...retry,
    onUnauthorized: props.onUnauthorized,
  });
  // While a code waits, its record is polled, even from another tab, so "paired" is never missed;
  // the code is followed by its id, so another code for a station of the same name is no match.
  const code = useResource(async () => (pairing ? pairingCodeStatus(api, pairing.id) : undefined), {
    active: shown === 'waiting',
    intervalMs: timing.pairingPollMs,
    ...retry,
    onUnauthorized: props.onUnauthorized,
  });
  useEffect(() => {
    if (code.data?.status !== 'paired') return;
    dispatch({ type: 'paired', codeId: code.data.id });
    stations.refresh();
  }, [code.data, dispatch, stations.refresh]);

  const list = stations.rows;
  const current: StationRow | undefined = list[Math.min(state.selected, list.length - 1)];
  const printerColumn = columns >= PRINTER_COLUMN_FROM;

  // A board's code is for a TV's browser: its QR is the board's address, not the station app's link.
  const board = pairing?.role === 'board';
  const qr = useMemo(() => {
    if (!pairing) return undefined;
    for (const margin of [2, 1]) {
      const lines = qrLines(pairing.role === 'board' ? pairing.pairUrl : pairing.qr, { margin });
      // One line under it names it.
      if (lines.length < bodyHeight && lines[0]!.length + 40 <= columns) return lines;
    }
    return undefined;
  }, [pairing, bodyHeight, columns]);
  // pair_url's QR beside it, for a phone's camera, only when both fit with the text.
  const phoneQr = useMemo(() => {
    if (!pairing || !qr || pairing.role === 'board') return undefined;
    for (const margin of [2, 1]) {
      const lines = qrLines(pairing.pairUrl, { margin });
      if (lines.length < bodyHeight && qr[0]!.length + lines[0]!.length + 46 <= columns) {
        return lines;
      }
    }
    return undefined;
  }, [pairing, qr, bodyHeight, columns]);

  async function issue(name: string, role: (typeof STATION_ROLES)[number]) {
    const result = await action.run(() => api.createPairingCode(name, role));
    if (!result) return dispatch({ type: 'issue-failed' });
    const answer = result.value;
    const expiresAt = props.now().getTime() + answer.expires_in_seconds * 1000;
    const issued = {
      id: answer.id,
      code: answer.code,
      qr: answer.qr,
      pairUrl: answer.pair_url,
      name,
      role,
    };
    dispatch({ type: 'issued', pairing: { ...issued, expiresAt, paired: false } });
  }

  async function revoke(station: Station) {
    await action.run(() => api.revokeStation(station.id), {
      success: () => `Revoked station “${station.name}”; its token no longer works.`,
    });
    stations.refresh();
  }

  useKeys((input, key) => {
    if (action.isBusy()) return;
    const state = getState();
    // Tabs and quit work everywhere but where typed text or a question has the keyboard.
    if ((state.mode === 'browse' || state.mode === 'code') && navigate(input, key, navigation)) {
      return;
    }
    const list = stations.rows;
    const current = list[Math.min(state.selected, list.length - 1)];
    const context = { count: list.length, current, canPair, canRevoke, now: props.now().getTime() };
    const next = actionFor(state, input, key, context);
    if (next) dispatch(next);
  }, active);

  const hints = stationsHints(state, { pair: canPair, revoke: canRevoke }, navigation.tabCount);
  const remaining = pairing ? countdown(pairing.expiresAt - now.getTime()) : '';

  let body;
  if (mode === 'code' && pairing && shown) {
    body = (
      <PairingPanel
        code={pairing.code}
        name={pairing.name}
        role={pairing.role}
        qr={qr}
        qrText={board ? pairing.pairUrl : pairing.qr}
        pairUrl={pairing.pairUrl}
        phoneQr={phoneQr}
        state={shown}
        remaining={remaining}
        width={columns}
        colour={colour}
      />
    );
  } else {
    // A board prints nothing: no printer line for it.
    const printerLine =
      mode === 'browse' && !printerColumn && current !== undefined && current.role !== 'board';
    const reserved = (mode === 'browse' ? (pairing ? 1 : 0) : 4) + (printerLine ? 1 : 0);
    const role = STATION_ROLES[state.role];
    body = (
      <Box flexDirection="column">
        <ListTable
          list={stations}
          noun="stations"
          columns={printerColumn ? WITH_PRINTER : COLUMNS}
          row={(station) => ({
            key: station.id,
            dim: Boolean(station.revoked_at),
            cells: [
              station.name,
              station.role,
              station.last_scan_at
                ? ago(station.last_scan_at, now)
                : station.role === 'board'
                  ? '—'
                  : 'never',
              hardwareText(station, now),
              station.revoked_at ? 'revoked' : 'active',
              ...(printerColumn ? [printerText(station)] : []),
            ],
          })}
          selected={state.selected}
          height={bodyHeight - 2 - reserved}
          width={columns}
          empty="No stations yet: press n to issue a pairing code."
          colour={colour}
        />
        {printerLine ? (
          <Text>{`Printer of “${current.name}”: ${printerText(current)}`}</Text>
        ) : null}
        {mode === 'browse' && pairing ? (
          <Text>
            {shown === 'paired'
              ? `✓ Paired: ${pairing.name}`
              : shown === 'expired'
                ? `Pairing code ${pairing.code} expired.`
                : `Pairing code ${pairing.code} for “${pairing.name}”: ${remaining} left (p shows it)`}
          </Text>
        ) : null}
        {mode === 'name' ? (
          <Box marginTop={1} flexDirection="column">
            <Text bold>New pairing code</Text>
            <TextField
              label="Station name"
              value={state.name}
              focused
              error={state.nameError}
              colour={colour}
            />
          </Box>
        ) : null}
        {mode === 'role' ? (
          <Box marginTop={1} flexDirection="column">
            <Text bold>{`New pairing code for “${state.name.trim()}”`}</Text>
            <Text>
              {'› Role: '}
              {STATION_ROLES.map((candidate) => (
                <Text
                  key={candidate}
                  bold={candidate === role}
                  inverse={candidate === role && colour}
                >
                  {candidate === role ? `[${candidate}]` : ` ${candidate} `}
                </Text>
              ))}
            </Text>
          </Box>
        ) : null}
        {mode === 'revoke' && current ? (
          <Confirm
            question={`Revoke station “${current.name}” (${current.role})?`}
            detail={
              current.role === 'board'
                ? 'Its token stops working at once; the TV must be paired again to show the board.'
                : 'Its token stops working at once; the device must be paired again to scan.'
            }
          />
        ) : null}
      </Box>
    );
  }

  return (
    <TabFrame layout={props} status={action.status} resource={stations} hints={hints}>
      {body}
    </TabFrame>
  );
}
