import { render } from 'ink';
import { render as renderForTest } from 'ink-testing-library';
import { EventEmitter } from 'node:events';
import { ApiClient } from '../../../../src/cli/api-client.js';
import { App } from '../../../../src/cli/tui/App.js';
import type { TuiTiming } from '../../../../src/cli/tui/timing.js';

/** Key sequences a terminal sends. */
export const KEY = {
  enter: '\r',
  escape: '\u001b',
  tab: '\t',
  backspace: '\u007f',
  delete: '\u001b[3~',
  up: '\u001b[A',
  down: '\u001b[B',
  right: '\u001b[C',
  left: '\u001b[D',
  home: '\u001b[H',
  end: '\u001b[F',
  ctrlC: '\u0003',
  ctrlU: '\u0015',
  ctrlW: '\u0017',
  ctrlA: '\u0001',
  ctrlE: '\u0005',
} as const;

/** Fast ticks and polls, so tests wait for frames, not for the clock. */
export const FAST_TIMING: TuiTiming = {
  tickMs: 50,
  pairingPollMs: 100,
  refreshMs: 500,
  retryBaseMs: 100,
  retryMaxMs: 400,
};

export interface TuiOptions {
  url: string;
  token?: string | undefined;
  now?: () => Date;
  timing?: Partial<TuiTiming>;
  /** Render into a terminal of this size instead of ink-testing-library's 100 columns. */
  size?: { columns: number; rows: number };
}

export interface Tui {
  lastFrame(): string;
  /** Sends keys, one write each (as a terminal sends separate key presses). */
  press(...keys: string[]): void;
  /** Sends text the way a paste arrives: one write. */
  type(text: string): void;
  /** Resolves with the first frame that contains `text` (or satisfies the test). */
  waitFor(
    text: string | RegExp | ((frame: string) => boolean),
    timeoutMs?: number,
  ): Promise<string>;
  /** Resolves once the app has exited (after q or Ctrl-C); only with `size`. */
  exited: Promise<void>;
  close(): Promise<void>;
}

/** A terminal of a given size for Ink to draw into; keeps each frame (debug mode). */
class SizedStdout extends EventEmitter {
  readonly frames: string[] = [];
  isTTY = true;
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
  }
  write = (frame: string) => {
    this.frames.push(frame);
    return true;
  };
}

class TestStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = () => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

/** Renders the terminal UI against a server, with clients that are closed by `close()`. */
export function renderTui(options: TuiOptions): Tui {
  const clients: ApiClient[] = [];
  const connect = (token: string | undefined) => {
    const client = new ApiClient({ baseUrl: options.url, token });
    clients.push(client);
    return client;
  };
  const app = (
    <App
      serverUrl={options.url}
      token={options.token}
      connect={connect}
      now={options.now ?? (() => new Date())}
      colour={false}
      timing={{ ...FAST_TIMING, ...options.timing }}
    />
  );

  let lastFrame: () => string;
  let write: (data: string) => void;
  let unmount: () => void;
  let exited: Promise<void>;
  if (options.size) {
    const stdout = new SizedStdout(options.size.columns, options.size.rows);
    const stdin = new TestStdin();
    const instance = render(app, {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      stderr: new SizedStdout(
        options.size.columns,
        options.size.rows,
      ) as unknown as NodeJS.WriteStream,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
    lastFrame = () => stdout.frames.at(-1) ?? '';
    write = stdin.write;
    unmount = instance.unmount;
    exited = instance.waitUntilExit().then(() => undefined);
  } else {
    const instance = renderForTest(app);
    lastFrame = () => instance.lastFrame() ?? '';
    write = instance.stdin.write;
    unmount = instance.unmount;
    // ink-testing-library does not tell when the app exits: use `size` to test quitting.
    exited = new Promise<void>(() => {});
  }

  return {
    lastFrame,
    press: (...keys) => keys.forEach((key) => write(key)),
    type: (text) => write(text),
    waitFor: async (expected, timeoutMs = 10_000) => {
      const matches =
        typeof expected === 'function'
          ? expected
          : typeof expected === 'string'
            ? (frame: string) => frame.includes(expected)
            : (frame: string) => expected.test(frame);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const frame = lastFrame();
        if (matches(frame)) return frame;
        if (Date.now() > deadline) {
          throw new Error(`no frame matched ${String(expected)}; the last one was:\n${frame}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    exited,
    close: async () => {
      unmount();
      await Promise.allSettled(clients.map((client) => client.close()));
    },
  };
}

/**
 * Renders the terminal UI (as `renderTui`) and waits for its first screen, the Stations tab;
 * closes it again if that screen never comes.
 */
export async function openTui(options: TuiOptions): Promise<Tui> {
  const tui = renderTui(options);
  try {
    await tui.waitFor('n new pairing code');
  } catch (error) {
    await tui.close();
    throw error;
  }
  return tui;
}

/** On the Stations tab: opens the new pairing code's form (n) and types the station's name. */
export async function typeStationName(tui: Tui, name: string): Promise<void> {
  tui.press('n');
  await tui.waitFor('Station name:');
  tui.type(name);
  await tui.waitFor(`Station name: ${name}`);
}
