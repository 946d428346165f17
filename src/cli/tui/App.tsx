import { Box, useApp, useInput, useStdin } from 'ink';
import type { Key } from 'ink';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../api-client.js';
import { Header } from './components/Header.js';
import { TabBar } from './components/TabBar.js';
import type { Tab } from './components/TabBar.js';
import { errorLine } from './format.js';
import { KeyRouterContext } from './hooks/use-keys.js';
import type { KeyHandler } from './hooks/use-keys.js';
import { useSession } from './hooks/use-session.js';
import { useTerminalSize } from './hooks/use-terminal-size.js';
import { keyFromSequence, splitInput } from './keyboard.js';
import type { Navigation } from './keyboard.js';
import { KeysScreen } from './screens/KeysScreen.js';
import { ReturnsScreen } from './screens/ReturnsScreen.js';
import { SettingsScreen } from './screens/SettingsScreen.js';
import { SignInScreen } from './screens/SignInScreen.js';
import { StationsScreen } from './screens/StationsScreen.js';
import type { ScreenProps } from './screens/screen-props.js';
import { ADMIN_ONLY } from './screens/screen-props.js';
import { DEFAULT_TIMING } from './timing.js';
import type { TuiTiming } from './timing.js';
import { ROUTES } from './tui-api.js';
import type { Caller, TuiApi } from './tui-api.js';

export interface AppProps {
  serverUrl: string;
  /** The profile's or environment's token; without one the app asks for a staff sign-in. */
  token: string | undefined;
  /** Makes a client for the server with a token (or none, for signing in). */
  connect: (token: string | undefined) => ApiClient;
  now: () => Date;
  colour: boolean;
  timing?: Partial<TuiTiming>;
}

const TABS = ['Keys', 'Stations', 'Settings', 'Returns'] as const;
const STATIONS_TAB = 1;
/** Header (1), tabs and rule (2), status line (1), footer (1), and one spare line so that Ink
 * never has to redraw the whole screen. */
const CHROME_LINES = 6;

function describe(me: Caller): string {
  if (me.user) return `${me.user.name} <${me.user.email}> (${me.user.role})`;
  if (me.api_key) return `API key “${me.api_key.name}”`;
  return me.kind;
}

function permissionsOf(me: Caller): (route: string) => boolean {
  const allowed = new Set(me.permissions);
  return (route) => allowed.has(route);
}

/** The terminal UI: sign-in, then the header, the tabs and the active tab's screen. */
export function App(props: AppProps) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const timing = useMemo(() => ({ ...DEFAULT_TIMING, ...props.timing }), [props.timing]);
  const { session, login, signOut } = useSession({
    token: props.token,
    connect: props.connect,
    timing,
  });
  const [tab, setTab] = useState(STATIONS_TAB);

  // One listener for the whole app; it hands each key to the screen that has the keyboard.
  const keyHandler = useRef<KeyHandler | undefined>(undefined);
  // The raw sequence of the key being handled, which tells Backspace from Delete. Ink emits each
  // sequence to its listeners in the order they were added, and this one is added first.
  const { internal_eventEmitter: inputEvents } = useStdin();
  const sequence = useRef('');
  useEffect(() => {
    const record = (data: string) => {
      sequence.current = data;
    };
    inputEvents.on('input', record);
    return () => {
      inputEvents.removeListener('input', record);
    };
  }, [inputEvents]);
  const onInput = useCallback(
    (input: string, key: Key) => {
      if (key.ctrl && input === 'c') {
        exit();
        return;
      }
      const pressed = keyFromSequence(key, sequence.current);
      for (const [text, each] of splitInput(input, pressed)) keyHandler.current?.(text, each);
    },
    [exit],
  );
  useInput(onInput);

  const navigation: Navigation = useMemo(
    () => ({
      tabCount: TABS.length,
      go: (index) => setTab(index),
      next: () => setTab((index) => (index + 1) % TABS.length),
      previous: () => setTab((index) => (index + TABS.length - 1) % TABS.length),
      quit: () => exit(),
    }),
    [exit],
  );
  const onUnauthorized = useCallback(
    (error: unknown) => signOut(`${errorLine(error)}: sign in again.`),
    [signOut],
  );

  const bodyHeight = Math.max(6, rows - CHROME_LINES);
  const ready = session.phase === 'ready' ? session : undefined;
  const can = useMemo(() => (ready ? permissionsOf(ready.me) : () => false), [ready]);

  const backupWarning = useBackupWarning(ready?.api, can(ROUTES.backupStatus));

  const tabs: Tab[] = TABS.map((label) => ({
    label,
    unavailable: ready && label === 'Keys' && !can(ROUTES.listKeys) ? ADMIN_ONLY : undefined,
  }));

  return (
    <KeyRouterContext.Provider value={keyHandler}>
      <Box flexDirection="column" width={columns}>
        <Header
          factory={ready?.me.factory.name}
          serverUrl={props.serverUrl}
          who={ready ? describe(ready.me) : undefined}
          columns={columns}
          warning={backupWarning}
        />
        <TabBar tabs={tabs} active={tab} colour={props.colour} columns={columns} />
        {ready ? (
          [KeysScreen, StationsScreen, SettingsScreen, ReturnsScreen].map((Screen, index) => {
            const screenProps: ScreenProps = {
              api: ready.api,
              me: ready.me,
              can,
              active: index === tab,
              navigation,
              now: props.now,
              timing,
              colour: props.colour,
              columns,
              bodyHeight,
              onUnauthorized,
            };
            return (
              <Box key={TABS[index]} display={index === tab ? 'flex' : 'none'}>
                <Screen {...screenProps} />
              </Box>
            );
          })
        ) : (
          <SignInScreen
            session={session as Exclude<typeof session, { phase: 'ready' }>}
            serverUrl={props.serverUrl}
            login={login}
            quit={() => exit()}
            colour={props.colour}
            columns={columns}
            bodyHeight={bodyHeight}
          />
        )}
      </Box>
    </KeyRouterContext.Provider>
  );
}

/** How often the header looks again at the scheduled backups. */
const BACKUP_LOOK_MS = 5 * 60_000;

/**
 * "LAST BACKUP FAILED …" while the latest scheduled backup failed (GET /v1/backups), for those
 * who may read it (admins): shown in the header of every screen.
 */
function useBackupWarning(api: TuiApi | undefined, allowed: boolean): string | undefined {
  const [warning, setWarning] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!api || !allowed) return;
    let live = true;
    const look = () => {
      api.backupStatus().then(
        (status) => {
          const last = status.last_run;
          if (!live) return;
          setWarning(
            last?.status === 'failed'
              ? `! LAST BACKUP FAILED ${last.started_at.slice(0, 16).replace('T', ' ')}Z: ${last.error ?? ''}`
              : undefined,
          );
        },
        () => {},
      );
    };
    look();
    const timer = setInterval(look, BACKUP_LOOK_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, allowed]);
  return warning;
}
