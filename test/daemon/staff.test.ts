import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCoreContext } from '../../src/core/context.js';
import { loginStaff } from '../../src/core/staff/staff-login.js';
import { runDaemon, type DaemonIO } from '../../src/daemon/main.js';
import { systemClock } from '../../src/domain/clock.js';
import { openStore } from '../../src/store/database.js';
import { tempDir } from '../helpers/app.js';

class Capture extends PassThrough {
  text = '';
  constructor() {
    super();
    this.on('data', (chunk: Buffer) => (this.text += chunk.toString()));
  }
}

/** A terminal's stdin: raw mode switches are recorded; keys are pushed as they are typed. */
class FakeTty extends PassThrough {
  isTTY = true;
  rawModes: boolean[] = [];
  setRawMode(mode: boolean): this {
    this.rawModes.push(mode);
    return this;
  }
}

let dir: string;
beforeEach(async () => {
  dir = tempDir();
  const init = makeIo(Readable.from([]));
  expect(await runDaemon(['init', '--data-dir', dir], init.io)).toBe(0);
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function makeIo(stdin: DaemonIO['stdin']) {
  const stdout = new Capture();
  const stderr = new Capture();
  const io: DaemonIO = {
    stdout,
    stderr,
    stdin,
    env: {},
    homeDir: dir,
    pid: process.pid,
    webRoot: join(dir, 'web'),
    stopSignal: new Promise(() => {}),
  };
  return { io, stdout, stderr };
}

async function canLogIn(email: string, password: string): Promise<string | null> {
  const store = await openStore({ file: join(dir, 'factoryd.db') });
  try {
    const login = await loginStaff(createCoreContext({ db: store.db, clock: systemClock }), {
      email,
      password,
    });
    return login.user.role;
  } catch {
    return null;
  } finally {
    await store.close();
  }
}

const add = (extra: string[] = []) => [
  'staff',
  'add',
  '--data-dir',
  dir,
  '--email',
  'Sam@Acme.test',
  '--name',
  'Sam Lee',
  ...extra,
];

describe('factoryd staff add', () => {
  it('reads the password from piped stdin (first line) and creates the user', async () => {
    const { io, stdout, stderr } = makeIo(Readable.from(['a long password\nignored\n']));
    expect(await runDaemon(add(['--role', 'admin']), io)).toBe(0);
    expect(stdout.text).toMatch(/^stf_[0-9A-Z]{26}\n$/);
    expect(stderr.text).toContain(
      'sam@acme.test (admin) created; they sign in at http://127.0.0.1:8080/ ',
    );
    expect(stderr.text).not.toContain('/v1/auth/login');
    expect(stderr.text + stdout.text).not.toContain('a long password');
    expect(await canLogIn('sam@acme.test', 'a long password')).toBe('admin');
    expect(await canLogIn('sam@acme.test', 'ignored')).toBeNull();
  });

  it('prompts twice without echo on a terminal', async () => {
    const tty = new FakeTty();
    const { io, stderr } = makeIo(tty);
    const done = runDaemon(add(), io);
    // Typed one key at a time, with a slip corrected by backspace.
    const type = async (text: string) => {
      for (const char of text) {
        tty.write(char);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await new Promise((resolve) => setImmediate(resolve));
    await type('terminal passwordX\u007f\r');
    await type('terminal password\r');
    expect(await done).toBe(0);
    expect(stderr.text).toContain('Password for Sam@Acme.test: ');
    expect(stderr.text).toContain('Again: ');
    expect(stderr.text).not.toContain('terminal');
    expect(tty.rawModes).toEqual([true, false, true, false]);
    // --role defaults to supervisor.
    expect(await canLogIn('sam@acme.test', 'terminal password')).toBe('supervisor');
  });

  it('creates nothing when the two typed passwords differ', async () => {
    const tty = new FakeTty();
    const { io, stderr } = makeIo(tty);
    const done = runDaemon(add(), io);
    await new Promise((resolve) => setImmediate(resolve));
    tty.write('first password\r');
    await new Promise((resolve) => setImmediate(resolve));
    tty.write('other password\r');
    expect(await done).toBe(2);
    expect(stderr.text).toContain('the two passwords differ');
    expect(await canLogIn('sam@acme.test', 'first password')).toBeNull();
  });

  it('refuses a bad role, a short or missing password and a taken email', async () => {
    const role = makeIo(Readable.from(['a long password\n']));
    expect(await runDaemon(add(['--role', 'owner']), role.io)).toBe(2);
    expect(role.stderr.text).toContain('--role must be admin or supervisor');

    const short = makeIo(Readable.from(['short\n']));
    expect(await runDaemon(add(), short.io)).toBe(2);
    expect(short.stderr.text).toContain('at least 10 characters');

    const empty = makeIo(Readable.from(['']));
    expect(await runDaemon(add(), empty.io)).toBe(2);
    expect(empty.stderr.text).toContain('no password on stdin');

    expect(await runDaemon(add(), makeIo(Readable.from(['a long password\n'])).io)).toBe(0);
    const taken = makeIo(Readable.from(['another password\n']));
    expect(await runDaemon(add(), taken.io)).toBe(1);
    expect(taken.stderr.text).toContain('already exists');
  });
});
