import { describe, expect, it } from 'vitest';
import { KEYS_START, keysHints, keysReducer } from '../../../src/cli/tui/screens/keys-machine.js';
import type { KeysAction, KeysState } from '../../../src/cli/tui/screens/keys-machine.js';
import { RETURNS_START, returnsReducer } from '../../../src/cli/tui/screens/returns-machine.js';
import type { ReturnsAction, ReturnsState } from '../../../src/cli/tui/screens/returns-machine.js';
import {
  parseValue,
  READ_ONLY_SETTINGS,
  SETTINGS_START,
  settingsHints,
  settingsReducer,
} from '../../../src/cli/tui/screens/settings-machine.js';
import type {
  SettingsAction,
  SettingsState,
} from '../../../src/cli/tui/screens/settings-machine.js';
import {
  pairingState,
  STATIONS_START,
  stationsHints,
  stationsReducer,
} from '../../../src/cli/tui/screens/stations-machine.js';
import type {
  Pairing,
  StationsAction,
  StationsState,
} from '../../../src/cli/tui/screens/stations-machine.js';
import type { ApiKey, ReturnRecord, Station } from '../../../src/cli/tui/tui-api.js';
import { NO_KEY } from '../../../src/cli/tui/keyboard.js';

/** Text typed into the field that has the keyboard. */
const typed = (input: string) => ({ type: 'key' as const, input, key: NO_KEY });
/** A control key pressed there, e.g. Ctrl-U. */
const ctrl = (letter: string) => ({
  type: 'key' as const,
  input: letter,
  key: { ...NO_KEY, ctrl: true },
});

/** Runs actions one after the other, collecting the effects they ask for. */
function run<S, A, E>(
  reduce: (state: S, action: A) => { state: S; effect?: E | undefined },
  start: S,
  actions: A[],
): { state: S; effects: E[] } {
  let state = start;
  const effects: E[] = [];
  for (const action of actions) {
    const step = reduce(state, action);
    state = step.state;
    if (step.effect !== undefined) effects.push(step.effect);
  }
  return { state, effects };
}

const stations = (actions: StationsAction[], start: StationsState = STATIONS_START) =>
  run(stationsReducer, start, actions);

const station: Station = {
  id: 'stn_1',
  object: 'station',
  name: 'Packing',
  role: 'stock',
  default_location: null,
  paired_at: '2026-11-25T08:00:00.000Z',
  last_scan_at: null,
  revoked_at: null,
  hardware: null,
  consignment_id: null,
  printer_id: null,
};

const pairing = (id: string, overrides: Partial<Pairing> = {}): Pairing => ({
  id,
  code: 'BCDF-GHJK',
  qr: 'factory://pair?code=BCDFGHJK',
  pairUrl: 'http://factory.lan:8080/station#code=BCDF-GHJK',
  name: 'Packing',
  role: 'stock',
  expiresAt: 600_000,
  paired: false,
  ...overrides,
});

describe('Stations machine', () => {
  it('asks for a name, then a role, then issues a code for them', () => {
    const { state, effects } = stations([
      { type: 'new-code', allowed: true },
      { type: 'submit-name' },
    ]);
    expect(state).toMatchObject({ mode: 'name', nameError: 'a name is needed' });
    expect(effects).toEqual([]);

    const named = stations(
      [
        { type: 'name', value: '  Packing ' },
        { type: 'submit-name' },
        { type: 'step-role', by: -1 },
        { type: 'pick-role', letter: 'x' },
        { type: 'issue' },
      ],
      state,
    );
    expect(named.state.mode).toBe('role');
    expect(named.state.nameError).toBeUndefined();
    // Back from the first role wraps to the last: a board.
    expect(named.effects).toEqual([{ kind: 'issue', name: 'Packing', role: 'board' }]);

    const picked = stations([{ type: 'pick-role', letter: 's' }, { type: 'issue' }], named.state);
    expect(picked.effects).toEqual([{ kind: 'issue', name: 'Packing', role: 'stock' }]);
    const board = stations([{ type: 'pick-role', letter: 'b' }, { type: 'issue' }], picked.state);
    expect(board.effects).toEqual([{ kind: 'issue', name: 'Packing', role: 'board' }]);
    const issued = stations([{ type: 'issued', pairing: pairing('pco_1') }], picked.state);
    expect(issued.state).toMatchObject({ mode: 'code', pairing: { id: 'pco_1', paired: false } });
    expect(stations([{ type: 'issue-failed' }], picked.state).state.mode).toBe('browse');
  });

  it('refuses a new code to a caller who may not issue one, with a status line', () => {
    const { state, effects } = stations([{ type: 'new-code', allowed: false }]);
    expect(state).toBe(STATIONS_START);
    expect(effects).toEqual([
      {
        kind: 'notice',
        status: { kind: 'error', text: 'issuing pairing codes is not allowed for this sign-in' },
      },
    ]);
  });

  it('marks the code paired only when its own id is reported', () => {
    const waiting: StationsState = { ...STATIONS_START, mode: 'code', pairing: pairing('pco_2') };
    const other = stations([{ type: 'paired', codeId: 'pco_1' }], waiting);
    expect(other.state.pairing?.paired).toBe(false);
    const own = stations([{ type: 'paired', codeId: 'pco_2' }], waiting);
    expect(own.state.pairing?.paired).toBe(true);
  });

  it('keeps a waiting code in reach when the code screen closes and drops a used or expired one', () => {
    const waiting: StationsState = { ...STATIONS_START, mode: 'code', pairing: pairing('pco_1') };
    const back = stations([{ type: 'close-code', now: 1_000 }], waiting).state;
    expect(back).toMatchObject({ mode: 'browse', pairing: { id: 'pco_1' } });
    expect(stations([{ type: 'show-code' }], back).state.mode).toBe('code');
    expect(stations([{ type: 'close-code', now: 600_000 }], waiting).state.pairing).toBeUndefined();
    const used = { ...waiting, pairing: pairing('pco_1', { paired: true }) };
    expect(stations([{ type: 'close-code', now: 1_000 }], used).state.pairing).toBeUndefined();
    expect(stations([{ type: 'show-code' }], STATIONS_START).state.mode).toBe('browse');

    expect(pairingState(pairing('pco_1'), 599_999)).toBe('waiting');
    expect(pairingState(pairing('pco_1'), 600_000)).toBe('expired');
    expect(pairingState(pairing('pco_1', { paired: true }), 900_000)).toBe('paired');
  });

  it('confirms a revocation, and says why when there is nothing to revoke', () => {
    const asked = stations([{ type: 'revoke', station, allowed: true }]);
    expect(asked.state.mode).toBe('revoke');
    const done = stations([{ type: 'confirm-revoke', station }], asked.state);
    expect(done.state.mode).toBe('browse');
    expect(done.effects).toEqual([{ kind: 'revoke', station }]);
    expect(stations([{ type: 'cancel' }], asked.state).effects).toEqual([]);

    const revoked = { ...station, revoked_at: '2026-11-25T09:00:00.000Z' };
    expect(stations([{ type: 'revoke', station: revoked, allowed: true }]).effects).toEqual([
      { kind: 'notice', status: { kind: 'info', text: '“Packing” is already revoked.' } },
    ]);
    expect(stations([{ type: 'revoke', station, allowed: false }]).state.mode).toBe('browse');
    expect(stations([{ type: 'revoke', station: undefined, allowed: true }]).effects).toEqual([]);
  });

  it('shows "show code" among the hints only while there is a code', () => {
    const labels = (state: StationsState) =>
      stationsHints(state, { pair: true, revoke: false }, 4).map((hint) => hint.label);
    expect(labels(STATIONS_START)).not.toContain('show code');
    expect(labels({ ...STATIONS_START, pairing: pairing('pco_1') })).toContain('show code');
    const revoke = stationsHints(STATIONS_START, { pair: true, revoke: false }, 4).find(
      (hint) => hint.label === 'revoke',
    );
    expect(revoke?.unavailable).toBe('admin only');
  });
});

const apiKey: ApiKey = {
  id: 'key_1',
  object: 'api_key',
  name: 'ci',
  last4: 'abcd',
  scopes: ['admin'],
  created_at: '2026-11-25T08:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
};

describe('Keys machine', () => {
  const keys = (actions: KeysAction[], start: KeysState = KEYS_START) =>
    run(keysReducer, start, actions);

  it('creates a key under a name, shows it once, then forgets it', () => {
    const empty = keys([{ type: 'new-key', allowed: true }, { type: 'create' }]);
    expect(empty.state).toMatchObject({ mode: 'name', nameError: 'a name is needed' });
    expect(empty.effects).toEqual([]);
    const named = keys([typed(' ci import '), { type: 'name-done' }], empty.state);
    expect(named.state.mode).toBe('scopes');
    expect(named.state.scopes.text).toBe('admin');
    const created0 = keys([{ type: 'create' }], named.state);
    expect(created0.effects).toEqual([{ kind: 'create', name: 'ci import', scopes: ['admin'] }]);
    const created = keys(
      [{ type: 'created', key: { ...apiKey, key: 'sk_live_x' } }],
      named.state,
    ).state;
    expect(created).toMatchObject({ mode: 'created', created: { key: 'sk_live_x' } });
    expect(keys([{ type: 'done' }], created).state).toMatchObject({
      mode: 'browse',
      created: undefined,
    });
    expect(keys([{ type: 'create-failed' }], named.state).state.mode).toBe('browse');
  });

  it('asks for scopes, refusing unknown ones, and rolls a key after confirmation', () => {
    const named = keys([{ type: 'new-key', allowed: true }, typed('erp'), { type: 'name-done' }]);
    const cleared = { input: '', key: { ...NO_KEY, backspace: true } };
    const backspaces = Array.from({ length: 5 }, () => ({ type: 'key' as const, ...cleared }));
    const wrong = keys([...backspaces, typed('read, write'), { type: 'create' }], named.state);
    expect(wrong.state.scopesError).toContain('unknown scope “write”');
    expect(wrong.effects).toEqual([]);
    const right = keys(
      [...backspaces, ...backspaces, ...backspaces, typed('read,orders:write'), { type: 'create' }],
      wrong.state,
    );
    expect(right.effects).toEqual([
      { kind: 'create', name: 'erp', scopes: ['read', 'orders:write'] },
    ]);

    expect(keys([{ type: 'roll', key: apiKey, allowed: false }]).effects[0]).toMatchObject({
      status: { kind: 'error', text: 'rolling keys is admin only' },
    });
    const rolling = keys([
      { type: 'roll', key: apiKey, allowed: true },
      { type: 'confirm-roll', key: apiKey },
    ]);
    expect(rolling.effects).toEqual([{ kind: 'roll', key: apiKey }]);
    const previous = { ...apiKey, expires_at: '2026-11-26T08:00:00.000Z' };
    const shown = keys(
      [{ type: 'rolled', key: { ...apiKey, id: 'key_2', key: 'sk_live_y', previous } }],
      rolling.state,
    ).state;
    expect(shown).toMatchObject({
      mode: 'created',
      created: { key: 'sk_live_y' },
      rolledFrom: previous,
    });
  });

  it('refuses what the caller may not do, and revokes after confirmation', () => {
    expect(keys([{ type: 'new-key', allowed: false }]).effects[0]).toMatchObject({
      status: { kind: 'error', text: 'creating keys is admin only' },
    });
    expect(keys([{ type: 'revoke', key: apiKey, allowed: false }]).effects[0]).toMatchObject({
      status: { kind: 'error', text: 'revoking keys is admin only' },
    });
    const { state, effects } = keys([
      { type: 'revoke', key: apiKey, allowed: true },
      { type: 'confirm-revoke', key: apiKey },
    ]);
    expect(state.mode).toBe('browse');
    expect(effects).toEqual([{ kind: 'revoke', key: apiKey }]);
    const hints = keysHints(KEYS_START, { list: false, create: false, revoke: false }, 4);
    expect(hints.map((hint) => hint.label)).toEqual(['tabs', 'quit']);
  });
});

const item: ReturnRecord = {
  id: 'ret_1',
  object: 'return',
  status: 'received',
  piece_id: 'pce_1',
  order_id: 'ord_1',
  order_no: 'PO-1',
  barcode: 'FD-0001',
  reason: null,
  location: null,
  created_at: '2026-11-25T08:00:00.000Z',
  updated_at: '2026-11-25T08:00:00.000Z',
  closed_at: null,
};

describe('Returns machine', () => {
  const returns = (actions: ReturnsAction[], start: ReturnsState = RETURNS_START) =>
    run(returnsReducer, start, actions);

  it('restocks only with a bay, and writes off after confirmation', () => {
    const noBay = returns([
      { type: 'close', how: 'restock', item, allowed: true },
      { type: 'restock', item },
    ]);
    expect(noBay.state).toMatchObject({ mode: 'bay', bayError: 'a bay is needed to restock' });
    const restocked = returns([typed(' B-12 '), { type: 'restock', item }], noBay.state);
    expect(restocked.state.mode).toBe('browse');
    expect(restocked.effects).toEqual([{ kind: 'restock', item, location: 'B-12' }]);

    const writtenOff = returns([
      { type: 'close', how: 'write-off', item, allowed: true },
      { type: 'write-off', item },
    ]);
    expect(writtenOff.effects).toEqual([{ kind: 'write-off', item }]);
    expect(
      returns([{ type: 'close', how: 'write-off', item, allowed: false }]).effects[0],
    ).toMatchObject({
      status: { kind: 'error' },
    });
    expect(returns([{ type: 'close', how: 'restock', item: undefined, allowed: true }]).state).toBe(
      RETURNS_START,
    );
  });
});

describe('Returns machine: a new return', () => {
  const returns = (actions: ReturnsAction[], start: ReturnsState = RETURNS_START) =>
    run(returnsReducer, start, actions);

  it('asks for the barcode, goes on to an optional reason, then records it', () => {
    const empty = returns([{ type: 'new-return', allowed: true }, { type: 'submit' }]);
    expect(empty.state).toMatchObject({ mode: 'new', focus: 'barcode' });
    expect(empty.state.newError).toMatch(/barcode/);
    expect(empty.effects).toEqual([{ kind: 'notice', status: undefined }]);

    // A scanner types the barcode and Enter: on to the reason, nothing sent yet.
    const scanned = returns([typed(' FD 0000042 '), { type: 'submit' }], empty.state);
    expect(scanned.state).toMatchObject({ focus: 'reason', newError: undefined });
    expect(scanned.effects).toEqual([]);
    const noReason = returns([{ type: 'submit' }], scanned.state);
    expect(noReason.effects).toEqual([
      { kind: 'create', barcode: 'FD 0000042', reason: undefined },
    ]);
    const withReason = returns([typed('torn cover'), { type: 'submit' }], scanned.state);
    expect(withReason.effects).toEqual([
      { kind: 'create', barcode: 'FD 0000042', reason: 'torn cover' },
    ]);

    // Refused: the form stays, on the barcode, with the answer; recorded: back to the list.
    const refused = returns([{ type: 'create-refused', message: 'no such piece' }], scanned.state);
    expect(refused.state).toMatchObject({
      mode: 'new',
      focus: 'barcode',
      newError: 'no such piece',
    });
    expect(returns([{ type: 'created' }], refused.state).state).toMatchObject({
      mode: 'browse',
      selected: 0,
    });
    expect(returns([{ type: 'switch-field' }], empty.state).state.focus).toBe('reason');
    expect(returns([{ type: 'new-return', allowed: false }]).effects[0]).toMatchObject({
      status: { kind: 'error' },
    });
  });
});

describe('Settings machine', () => {
  const settings = (actions: SettingsAction[], start: SettingsState = SETTINGS_START) =>
    run(settingsReducer, start, actions);

  it('edits one field from its value, saves the draft, and keeps a refusal next to the field', () => {
    const editing = settings([
      { type: 'edit', field: 'timezone', value: 'UTC', allowed: true },
      ctrl('u'),
      typed('Mars/Base'),
      { type: 'save' },
    ]);
    expect(editing.state).toMatchObject({
      editing: 'timezone',
      draft: { text: 'Mars/Base', cursor: 9 },
    });
    expect(editing.effects).toEqual([
      { kind: 'notice', status: undefined },
      { kind: 'save', field: 'timezone', text: 'Mars/Base' },
    ]);
    const refused = settings(
      [{ type: 'refused', field: 'timezone', message: 'unknown time zone' }],
      editing.state,
    ).state;
    expect(refused.fieldErrors.timezone).toBe('unknown time zone');
    expect(settings([{ type: 'cancel' }], refused).state).toMatchObject({
      editing: undefined,
      fieldErrors: { timezone: '' },
    });
    expect(settings([{ type: 'saved', field: 'timezone' }], refused).state.editing).toBeUndefined();
    expect(
      settings([{ type: 'edit', field: 'timezone', value: 'UTC', allowed: false }]).effects[0],
    ).toMatchObject({ status: { kind: 'error', text: 'changing settings is admin only' } });
  });

  it('clears the draft with Ctrl-U, so what is typed next is the whole value (not 70)', () => {
    const edited = settings([
      { type: 'edit', field: 'stuck_after_days', value: '7', allowed: true },
      ctrl('u'),
      typed('0'),
      { type: 'save' },
    ]);
    expect(edited.effects.at(-1)).toEqual({ kind: 'save', field: 'stuck_after_days', text: '0' });
  });

  it('does not offer a read-only setting for editing, and says why', () => {
    const step = settings([{ type: 'edit', field: 'label_size', value: '4x6', allowed: true }]);
    expect(step.state.editing).toBeUndefined();
    expect(step.effects).toEqual([
      {
        kind: 'notice',
        status: {
          kind: 'info',
          text: `label_size is read-only: ${READ_ONLY_SETTINGS.label_size}.`,
        },
      },
    ]);
    const hints = settingsHints(SETTINGS_START, true, 4, 'label_size');
    expect(hints.find((hint) => hint.label === 'edit')?.unavailable).toBe('read-only');
    expect(settingsHints(SETTINGS_START, true, 4, 'timezone')[1]?.unavailable).toBeUndefined();
  });

  it('reads typed text as the type of the current value', () => {
    expect(parseValue(' 14 ', 7)).toBe(14);
    expect(parseValue('two', 7)).toBe('two');
    expect(parseValue('a.example, 10.0.0.0/8 ,', [])).toEqual(['a.example', '10.0.0.0/8']);
    expect(parseValue('', null)).toBeNull();
    expect(parseValue('false', true)).toBe(false);
  });
});
