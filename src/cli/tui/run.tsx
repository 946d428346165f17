import { render } from 'ink';
import type { CliOutputStream } from '../cli-io.js';
import type { TuiContext } from '../context.js';
import { ExitCode } from '../exit-codes.js';
import { colourEnabled } from '../output/colour.js';
import { App } from './App.js';
import { CrashGuard } from './components/CrashGuard.js';
import { errorLine } from './format.js';
import type { TuiTiming } from './timing.js';

/** Switches to the terminal's alternate screen (and the cursor home), and back. */
const ENTER_ALTERNATE_SCREEN = '\u001b[?1049h\u001b[H';
const LEAVE_ALTERNATE_SCREEN = '\u001b[?1049l';

export interface RunTuiOptions {
  timing?: Partial<TuiTiming>;
}

/**
 * Runs the terminal UI until the user quits and returns the exit code: 0 after `q` or Ctrl-C,
 * 2 when stdin or stdout is not a terminal (nothing is drawn then), 1 if the UI itself failed.
 * It draws on the alternate screen, so the shell's screen comes back as it was. API clients
 * made through `ctx.createClient` are closed by the caller.
 */
export async function runTui(ctx: TuiContext, options: RunTuiOptions = {}): Promise<number> {
  const { stdout, stdin, stderr, env } = ctx.io;
  if (!stdout.isTTY || !stdin.isTTY) {
    stderr.write(
      'error: factory tui needs a terminal; in scripts use the other factory commands\n',
    );
    return ExitCode.usage;
  }
  let crash: unknown;
  stdout.write(ENTER_ALTERNATE_SCREEN);
  try {
    const instance = render(
      <CrashGuard
        onCrash={(error) => {
          crash = error;
          instance.unmount();
        }}
      >
        <App
          serverUrl={ctx.config.url}
          token={ctx.config.token}
          connect={(token) => ctx.createClient(token)}
          now={ctx.now}
          colour={colourEnabled(true, env)}
          timing={options.timing}
        />
      </CrashGuard>,
      {
        stdout: stdout as NodeJS.WriteStream,
        stdin: stdin as NodeJS.ReadStream,
        stderr: stderr as NodeJS.WriteStream,
        exitOnCtrlC: false,
        patchConsole: false,
      },
    );
    await instance.waitUntilExit();
  } catch (error) {
    crash ??= error;
  } finally {
    stdout.write(LEAVE_ALTERNATE_SCREEN);
  }
  if (crash !== undefined) {
    writeLine(stderr, `error: the terminal UI stopped: ${errorLine(crash)}`);
    return ExitCode.failure;
  }
  return ExitCode.ok;
}

function writeLine(stream: CliOutputStream, line: string): void {
  stream.write(`${line}\n`);
}
