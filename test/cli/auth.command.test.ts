import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_KEY,
  SESSION_TOKEN,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  startFactoryFake,
} from './helpers/factory-fake.js';
import type { FactoryFake } from './helpers/factory-fake.js';
import { run, temporaryHome } from './helpers/memory-io.js';

let api: FactoryFake;
let home: ReturnType<typeof temporaryHome>;
const configFile = () => join(home.dir, '.config', 'factory', 'config.json');
const readConfig = () => JSON.parse(readFileSync(configFile(), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  api = await startFactoryFake(3);
});

afterAll(async () => {
  await api.close();
});

beforeEach(() => {
  home = temporaryHome();
  return () => home.remove();
});

describe('factory login', () => {
  it('checks an API key with GET /v1/auth/me and saves it in a private profile file', async () => {
    const result = await run(['login', '--url', `${api.url}/`, '--api-key', API_KEY], {
      homeDir: home.dir,
    });
    expect(result.code).toBe(0);
    expect(api.requests.at(-1)!.path).toBe('/v1/auth/me');
    expect(readConfig()).toEqual({
      current_profile: 'default',
      profiles: { default: { url: api.url, token: API_KEY, token_kind: 'api_key' } },
    });
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(statSync(join(home.dir, '.config', 'factory')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(result.stdout)).toMatchObject({ profile: 'default', token_kind: 'api_key' });

    // The saved profile is used without flags or environment.
    const list = await run(['orders', 'list'], { homeDir: home.dir });
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toHaveLength(3);
  });

  it('saves nothing and exits 4 when the key is refused', async () => {
    const result = await run(['login', '--url', api.url, '--api-key', 'sk_live_nope'], {
      homeDir: home.dir,
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: The token is not valid\. \(invalid_token, request req_/);
    expect(() => statSync(configFile())).toThrow();
  });

  it('logs staff in with the password read from piped stdin, into a named profile under XDG_CONFIG_HOME', async () => {
    const xdg = join(home.dir, 'xdg');
    const result = await run(
      ['login', '--url', api.url, '--email', STAFF_EMAIL, '--profile', 'night'],
      {
        homeDir: home.dir,
        env: { XDG_CONFIG_HOME: xdg },
        stdin: `${STAFF_PASSWORD}\n`,
        tty: false,
      },
    );
    expect(result.code).toBe(0);
    expect(api.requests.at(-1)!.json).toEqual({ email: STAFF_EMAIL, password: STAFF_PASSWORD });
    expect(api.requests.at(-1)!.headers.authorization).toBeUndefined();
    const saved = JSON.parse(readFileSync(join(xdg, 'factory', 'config.json'), 'utf8'));
    expect(saved).toEqual({
      current_profile: 'night',
      profiles: {
        night: {
          url: api.url,
          token: SESSION_TOKEN,
          token_kind: 'staff_session',
          email: STAFF_EMAIL,
          expires_at: '2026-11-22T22:00:00.000Z',
        },
      },
    });
  });

  it('prompts for the password without echo on a terminal', async () => {
    // A terminal stdin: typed characters arrive as data events once raw mode is on.
    const { PassThrough } = await import('node:stream');
    const rawModes: boolean[] = [];
    const stdin = Object.assign(new PassThrough(), {
      isTTY: true,
      setRawMode(mode: boolean) {
        rawModes.push(mode);
        if (mode) setImmediate(() => stdin.write(`${STAFF_PASSWORD}\r`));
        return stdin;
      },
    });
    const { MemoryStream } = await import('./helpers/memory-io.js');
    const { runCli } = await import('../../src/cli/main.js');
    const stdout = new MemoryStream(true);
    const stderr = new MemoryStream(true);
    const code = await runCli(['login', '--url', api.url, '--email', STAFF_EMAIL], {
      stdout: stdout as never,
      stderr: stderr as never,
      stdin,
      env: { NO_COLOR: '1' },
      homeDir: home.dir,
    });
    expect(code).toBe(0);
    expect(rawModes).toEqual([true, false]);
    expect(stderr.text).toBe(`Password for ${STAFF_EMAIL}: \n`);
    expect(stderr.text).not.toContain(STAFF_PASSWORD);
    expect(stdout.text).toBe(`✓ Logged in to ${api.url} as ${STAFF_EMAIL} (profile default).\n`);
  });

  it('exits 4 on a wrong password and never prompts when stdin is empty and not a terminal', async () => {
    const wrong = await run(['login', '--url', api.url, '--email', STAFF_EMAIL], {
      homeDir: home.dir,
      stdin: 'wrong\n',
    });
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toContain('(invalid_credentials, request req_');
    const empty = await run(['login', '--url', api.url, '--email', STAFF_EMAIL], {
      homeDir: home.dir,
    });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe(`error: Password for ${STAFF_EMAIL} expected on stdin\n`);
  });

  it('needs a key or an email when not interactive', async () => {
    const result = await run(['login', '--url', api.url], { homeDir: home.dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: login needs --api-key KEY (or FACTORY_API_KEY), or --email EMAIL\n',
    );
  });
});

describe('factory logout and whoami', () => {
  it('ends a staff session on the server and forgets the profile', async () => {
    await run(['login', '--url', api.url, '--email', STAFF_EMAIL], {
      homeDir: home.dir,
      stdin: STAFF_PASSWORD,
    });
    const who = await run(['whoami'], { homeDir: home.dir });
    expect(who.code).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({
      kind: 'staff',
      user: { email: STAFF_EMAIL, role: 'admin' },
      session: { expires_at: '2026-11-22T22:00:00.000Z' },
    });

    const result = await run(['logout'], { homeDir: home.dir });
    expect(result.code).toBe(0);
    expect(api.sessionsEnded.at(-1)).toBe(`Bearer ${SESSION_TOKEN}`);
    expect(readConfig()).toEqual({ profiles: {} });
    expect(JSON.parse(result.stdout)).toEqual({ profile: 'default', logged_out: true });

    const after = await run(['whoami'], { homeDir: home.dir });
    expect(after.code).toBe(2);
  });

  it('forgets an API key profile without calling the server', async () => {
    await run(['login', '--url', api.url, '--api-key', API_KEY], { homeDir: home.dir });
    const before = api.requests.length;
    const result = await run(['logout'], { homeDir: home.dir, tty: true, env: { NO_COLOR: '1' } });
    expect(result.code).toBe(0);
    expect(api.requests.length).toBe(before);
    expect(result.stdout).toBe(`✓ Logged out of ${api.url} (profile default).\n`);
  });

  it('a staff session gets 403 (exit 4) where only an API key may act', async () => {
    const result = await run(['keys', 'revoke', 'key_1'], {
      env: { FACTORY_URL: api.url, FACTORY_API_KEY: SESSION_TOKEN },
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/\(forbidden, request req_fake\d+\)/);
  });
});

describe('missing configuration', () => {
  it('gives a one-line hint for a missing URL, exit 2', async () => {
    const result = await run(['orders', 'list'], { homeDir: home.dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'error: no server URL: pass --url URL, set FACTORY_URL, or run "factory login --url URL …"\n',
    );
  });

  it('gives a one-line hint for a missing key, exit 2', async () => {
    const result = await run(['orders', 'list'], {
      homeDir: home.dir,
      env: { FACTORY_URL: api.url },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: no API key for ${api.url}: pass --api-key KEY, set FACTORY_API_KEY, or run "factory login"\n`,
    );
  });

  it('says what is wrong with a malformed URL', async () => {
    const result = await run(
      ['orders', 'list', '--url', 'factory.local:8080', '--api-key', API_KEY],
      {
        homeDir: home.dir,
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(result.stderr).toContain('must start with http:// or https://');
  });
});
