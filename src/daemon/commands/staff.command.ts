import type { CoreContext } from '../../core/context.js';
import { getSettings } from '../../core/factory/settings.js';
import { listFactoryIds } from '../../core/factory/setup.js';
import { STAFF_ROLES, createStaffUser } from '../../core/staff/staff-users.js';
import { AppError } from '../../domain/errors.js';
import { openDataDir } from '../bootstrap.js';
import type { DaemonIO } from '../io.js';

type Stdin = DaemonIO['stdin'] & { setRawMode?: (mode: boolean) => unknown };

/** Where `factoryd serve` listens when neither --host nor --port says otherwise. */
const DEFAULT_SIGN_IN_URL = 'http://127.0.0.1:8080/';

/**
 * The staff app's address for a new user: the factory's `public_url` setting when it has one
 * (the address people reach it by), else where `factoryd serve` listens by default, with a word
 * on what changes it: this command does not know how the server was started.
 */
async function signInAddress(
  core: CoreContext,
  factoryId: string,
): Promise<{ url: string; hint: string }> {
  const settings: object = await getSettings(core, factoryId);
  const publicUrl =
    'public_url' in settings && typeof settings.public_url === 'string' && settings.public_url
      ? settings.public_url
      : null;
  if (publicUrl) return { url: publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`, hint: '.' };
  return {
    url: DEFAULT_SIGN_IN_URL,
    hint: ' (the staff app, when factoryd serve runs with its default --host and --port; use that host and port otherwise).',
  };
}

/**
 * `factoryd staff add`: creates a staff user on the server box. On a terminal the password is
 * asked twice without echo; piped, the first line of stdin is the password, so scripts never
 * put it on a command line.
 */
export async function addStaff(
  opts: { email: string; name: string; role: string; dataDir?: string },
  io: DaemonIO,
): Promise<number> {
  if (!(STAFF_ROLES as readonly string[]).includes(opts.role)) {
    io.stderr.write(`factoryd: --role must be ${STAFF_ROLES.join(' or ')}\n`);
    return 2;
  }
  let password: string;
  try {
    password = await readPassword(io, `Password for ${opts.email}: `);
  } catch (err) {
    io.stderr.write(`factoryd: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }

  const opened = await openDataDir(opts.dataDir, io);
  try {
    const [factoryId, ...others] = await listFactoryIds(opened.core);
    if (!factoryId) {
      io.stderr.write('factoryd: no factory yet; run factoryd init first\n');
      return 1;
    }
    if (others.length > 0) {
      io.stderr.write(
        'factoryd: this database holds several factories; staff are created per factory through the API\n',
      );
      return 1;
    }
    const user = await createStaffUser(opened.core, factoryId, {
      email: opts.email,
      name: opts.name,
      role: opts.role,
      password,
    });
    const address = await signInAddress(opened.core, factoryId);
    io.stderr.write(
      `Staff user ${user.email} (${user.role}) created; they sign in at ${address.url}` +
        `${address.hint}\n`,
    );
    io.stdout.write(`${user.id}\n`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      io.stderr.write(`factoryd: ${err.message}\n`);
      return err.kind === 'invalid' ? 2 : 1;
    }
    throw err;
  } finally {
    await opened.store.close();
  }
}

async function readPassword(io: DaemonIO, question: string): Promise<string> {
  const stdin = io.stdin as Stdin;
  if (!stdin.isTTY || typeof stdin.setRawMode !== 'function') {
    const text = await readAll(stdin);
    const password = text.split(/\r?\n/)[0] ?? '';
    if (password === '') throw new Error('no password on stdin (its first line is the password)');
    return password;
  }
  const first = await promptHidden(stdin, io.stderr, question);
  const again = await promptHidden(stdin, io.stderr, 'Again: ');
  if (first !== again) throw new Error('the two passwords differ; nothing was created');
  if (first === '') throw new Error('the password must not be empty');
  return first;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads one line in raw mode, echoing nothing; Ctrl-C cancels, backspace edits. */
function promptHidden(stdin: Stdin, stderr: DaemonIO['stderr'], question: string): Promise<string> {
  stderr.write(question);
  stdin.setRawMode!(true);
  stdin.resume();
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (err?: Error) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode!(false);
      stdin.pause();
      stderr.write('\n');
      if (err) reject(err);
      else resolve(typed);
    };
    const onData = (data: Buffer | string) => {
      for (const char of data.toString()) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    stdin.on('data', onData);
  });
}
