import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/app.js';
import {
  EXECUTABLE_ENV,
  FACTORY,
  REPO_ROOT,
  shellCommand,
  startDaemon,
} from '../helpers/daemon.js';
import type { RunningDaemon } from '../helpers/daemon.js';

/**
 * The bundled `factory` as users run it, against a real `factoryd serve`: pipelines, exit codes,
 * terminal output through a pseudo-terminal (script(1) from util-linux), the README's examples.
 */

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

let daemon: RunningDaemon;
let work: string;
let binDir: string;
/** Only what the CLI needs, so nothing from the developer's environment leaks in. */
let env: Record<string, string>;

function exec(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? env,
      cwd: options.cwd ?? work,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** `factory …` with stdin, stdout and stderr all pipes. */
const factory = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
  exec(FACTORY[0]!, [...FACTORY.slice(1), ...args], options);

/** A shell command line with `factory` on the PATH. */
const sh = (script: string, options: { env?: Record<string, string> } = {}) =>
  exec('sh', ['-c', script], options);

/** A command line run in a pseudo-terminal: stdout and stderr both are the terminal. */
const inTerminal = (script: string) =>
  // A fixed width, whatever terminal (if any) runs the tests, so tables never need shortening.
  exec('script', ['-qec', `stty cols 160 rows 50; ${script}`, '/dev/null']);

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');
const plain = (text: string) => text.replace(ansi, '').replace(/\r/g, '');

async function api<T>(method: string, path: string, body?: unknown, type = 'application/json') {
  const response = await fetch(`${daemon.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${daemon.apiKey}`, 'content-type': type },
    body:
      body === undefined ? undefined : type === 'text/csv' ? String(body) : JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

const HEADER =
  'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names';

beforeAll(async () => {
  daemon = await startDaemon();
  work = tempDir('factory-cli-e2e-');
  binDir = join(work, 'bin');
  mkdirSync(binDir);
  writeFileSync(join(binDir, 'factory'), `#!/bin/sh\nexec ${shellCommand(FACTORY)} "$@"\n`);
  chmodSync(join(binDir, 'factory'), 0o755);
  env = {
    PATH: `${binDir}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    HOME: work,
    LANG: 'C.UTF-8',
    FACTORY_URL: daemon.url,
    FACTORY_API_KEY: daemon.apiKey,
    ...EXECUTABLE_ENV,
  };
  await api('POST', '/v1/retailers', { name: 'Acme Home', code: 'ACME' });
  // PO-1042 first, so its first piece is FD 0000001 (the README's scan example).
  await api('POST', '/v1/orders', {
    order_no: 'PO-1042',
    retailer_code: 'ACME',
    needed_by: '2026-12-01',
    lines: [{ sku: 'SOFA-3S', colour: 'Grey', qty: 2, pieces_per_unit: 3 }],
  });
  const rows = Array.from(
    { length: 44 },
    (_, i) => `PO-${2000 + i},ACME,STOOL,Oak,1,1,,2026-12-0${1 + (i % 9)},`,
  );
  await api('POST', '/v1/orders/upload', [HEADER, ...rows].join('\n'), 'text/csv');
}, 60_000);

afterAll(async () => {
  await daemon?.stop();
  rmSync(work, { recursive: true, force: true });
  rmSync(daemon?.dataDir, { recursive: true, force: true });
});

async function allOrderIds(): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&starting_after=${cursor}` : '';
    const page = await api<{ data: Array<{ id: string }>; next_cursor: string | null }>(
      'GET',
      `/v1/orders?limit=100${query}`,
    );
    ids.push(...page.data.map((order) => order.id));
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}

describe('factory in pipelines', () => {
  it('`factory orders get <id> --json | node -e …` reads the same order as the API', async () => {
    const [id] = await allOrderIds();
    const fromApi = await api<Record<string, unknown>>('GET', `/v1/orders/${id}`);
    const read =
      'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>process.stdout.write(JSON.stringify(JSON.parse(s))))';
    const result = await sh(`factory orders get "$ORDER" --json | node -e '${read}'`, {
      env: { ...env, ORDER: id! },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(fromApi);
  });

  it('`orders list --all` returns every order exactly once across pages', async () => {
    const result = await factory(['orders', 'list', '--all', '--limit', '7']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const ids = (JSON.parse(result.stdout) as Array<{ id: string }>).map((order) => order.id);
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
    expect(ids).toEqual(await allOrderIds());
  });

  it('prints a table on a terminal and JSON when piped', async () => {
    const terminal = await inTerminal('factory orders list --limit 5');
    expect(terminal.code).toBe(0);
    const lines = plain(terminal.stdout).trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^ID\s+ORDER NO\s+RETAILER\s+STATUS\s+DISPATCHED\s+ITEMS\s+NEEDED BY\s+CREATED$/,
    );
    expect(
      lines
        .slice(1, 6)
        .every((line) => /^ord_\w{26}\s+PO-\d+\s+ACME\s+awaiting_production/.test(line)),
    ).toBe(true);
    expect(lines.slice(1, 6).every((line) => /(just now|min ago)$/.test(line))).toBe(true);
    expect(plain(terminal.stdout)).toContain('More records: add --all, or --starting-after ord_');
    expect(terminal.stdout).toContain('\u001b[1mID');

    const piped = await factory(['orders', 'list', '--limit', '5']);
    const orders = JSON.parse(piped.stdout) as Array<{ created_at: string }>;
    expect(orders).toHaveLength(5);
    expect(orders[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(piped.stderr).toBe('');
  });

  it('names a retailer by code or id everywhere; an unknown one exits 3, never an empty list', async () => {
    const acme = JSON.parse((await factory(['retailers', 'get', 'acme'])).stdout) as {
      id: string;
      code: string;
    };
    expect(acme.code).toBe('ACME');
    const byCode = await factory(['orders', 'list', '--retailer', 'ACME', '--all']);
    const byId = await factory(['orders', 'list', '--retailer', acme.id, '--all']);
    expect(byCode.code).toBe(0);
    expect(JSON.parse(byCode.stdout)).toHaveLength((await allOrderIds()).length);
    expect(JSON.parse(byId.stdout)).toEqual(JSON.parse(byCode.stdout));
    expect((await factory(['retailers', 'users', 'list', 'acme'])).code).toBe(0);

    const unknown = await factory(['orders', 'list', '--retailer', 'ACME-UK', '--all']);
    expect(unknown.code).toBe(3);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(
      /^error: No retailer with id or code "ACME-UK"\. \(not_found, request req_\w+\)\n$/,
    );
    expect((await factory(['retailers', 'get', 'NOPE'])).code).toBe(3);
    expect((await factory(['retailers', 'users', 'list', 'NOPE'])).code).toBe(3);
  });

  it('`settings set` with an unknown setting names the known ones', async () => {
    const result = await factory(['settings', 'set', 'foo=1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^error: foo is not a known field; the known ones are .*stuck_after_days.*timezone.* \(validation_failed, request req_\w+\)\n$/,
    );
  });

  it('fits a table to a 100-column terminal: nothing wraps, ids stay whole', async () => {
    const terminal = await inTerminal('stty cols 100; factory orders list --limit 5');
    expect(terminal.code).toBe(0);
    const lines = plain(terminal.stdout).trimEnd().split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(100);
    expect(lines[0]).toMatch(/^ID\s+ORDER NO\s+RETAILER\s+STATUS\s/);
    expect(
      lines
        .slice(1, 6)
        .every((line) => /^ord_\w{26}\s+PO-\d+\s+ACME\s+awaiting_production\s/.test(line)),
    ).toBe(true);
  });

  it('uploads 10,000 CSV rows with progress on a terminal, and only the JSON result when piped', async () => {
    const csv = (prefix: string) =>
      [HEADER]
        .concat(
          Array.from(
            { length: 10_000 },
            (_, i) => `${prefix}-${Math.floor(i / 100)},ACME,SKU-${i},,1,1,,,`,
          ),
        )
        .join('\n');
    writeFileSync(join(work, 'tty.csv'), csv('T'));
    writeFileSync(join(work, 'piped.csv'), csv('P'));

    const terminal = await inTerminal('factory orders upload tty.csv');
    expect(terminal.code).toBe(0);
    const shown = plain(terminal.stdout);
    expect(shown).toMatch(/uploading \[#*-*\]\s+\d+%/);
    expect(shown).toMatch(/uploading \[#{24}\] 100% \d+\.\d kB \/ \d+\.\d kB/);
    expect(shown).toContain('Created 100 order(s).');

    const piped = await factory(['orders', 'upload', 'piped.csv']);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toBe('');
    const result = JSON.parse(piped.stdout) as { object: string; orders_created: number };
    expect(result).toMatchObject({ object: 'upload', orders_created: 100 });
  });
});

describe('labels', () => {
  it('streams ZPL to a pipe, writes a PDF file with progress on a terminal, never a PDF to one', async () => {
    const zpl = await factory(['orders', 'labels', 'PO-1042', '--format', 'zpl']);
    expect(zpl.code).toBe(0);
    expect(zpl.stdout.match(/\^XA/g)).toHaveLength(6);

    const terminal = await inTerminal('factory orders labels PO-1042 --output po-1042.pdf');
    expect(terminal.code).toBe(0);
    expect(plain(terminal.stdout)).toMatch(/labels \[#{24}\] 100%/);
    expect(plain(terminal.stdout)).toContain('Wrote po-1042.pdf (6 labels, ');
    expect(readFileSync(join(work, 'po-1042.pdf')).subarray(0, 5).toString()).toBe('%PDF-');

    const refused = await inTerminal('factory orders labels PO-1042');
    expect(refused.code).toBe(2);
    expect(plain(refused.stdout)).toContain('refusing to write a PDF to the terminal');
  });
});

describe('exit codes', () => {
  it('0: success', async () => {
    expect((await factory(['orders', 'get', 'PO-1042'])).code).toBe(0);
  });

  it('1: the server refuses the request (a CSV with a bad row), each row listed', async () => {
    const result = await factory(['orders', 'upload', '-'], {
      input: `${HEADER}\nPO-9,ACME,SOFA,,two,1,,,\n`,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^error: .+ \(invalid_csv, request req_\w+\)\n {2}row 2, column qty: /,
    );
  });

  it('2: usage, and a missing URL or key is a one-line hint, not a stack trace', async () => {
    const unknown = await factory(['orders', 'list', '--colour', 'red']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--colour'");

    const noUrl = await factory(['orders', 'list'], {
      env: { PATH: env.PATH!, HOME: work, ...EXECUTABLE_ENV },
    });
    expect(noUrl.code).toBe(2);
    expect(noUrl.stdout).toBe('');
    expect(noUrl.stderr).toBe(
      'error: no server URL: pass --url URL, set FACTORY_URL, or run "factory login --url URL …"\n',
    );

    const noKey = await factory(['orders', 'list'], {
      env: { PATH: env.PATH!, HOME: work, FACTORY_URL: daemon.url, ...EXECUTABLE_ENV },
    });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(noKey.stderr).toMatch(
      /^error: no API key for http:\/\/127\.0\.0\.1:\d+: pass --api-key KEY/,
    );
  });

  it('3: not found', async () => {
    const result = await factory(['orders', 'get', 'ord_00000000000000000000000000']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: .+ \(not_found, request req_\w+\)\n$/);
  });

  it('4: the token is refused', async () => {
    const result = await factory(['orders', 'list'], {
      env: { ...env, FACTORY_API_KEY: 'sk_live_00000000000000000000000000000000' },
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: .+ \(invalid_token, request req_\w+\)\n/);
  });

  it('5: conflict (the order exists)', async () => {
    const result = await factory([
      'orders',
      'create',
      '--retailer',
      'ACME',
      '--order-no',
      'PO-1042',
      '--sku',
      'SOFA-3S',
      '--qty',
      '1',
      '--pieces-per-unit',
      '1',
    ]);
    expect(result.code).toBe(5);
    expect(result.stderr).toMatch(/\(order_exists, request req_\w+\)/);
  });

  it('6: the server is unreachable', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const result = await factory(['orders', 'list'], {
      env: { ...env, FACTORY_URL: `http://127.0.0.1:${port}` },
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe(
      `error: cannot reach http://127.0.0.1:${port}: connection refused\n`,
    );
  });
});

describe('staff login', () => {
  it('adds staff, logs in with the password on stdin, and logs out, ending the session', async () => {
    const password = 'a long enough password';
    const added = await factory(
      [
        'staff',
        'add',
        '--email',
        'sam@factory.example',
        '--name',
        'Sam Lee',
        '--role',
        'supervisor',
      ],
      { input: `${password}\n` },
    );
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      email: 'sam@factory.example',
      role: 'supervisor',
    });

    const home = { PATH: env.PATH!, HOME: join(work, 'sam'), ...EXECUTABLE_ENV };
    const login = await factory(['login', '--url', daemon.url, '--email', 'sam@factory.example'], {
      env: home,
      input: `${password}\n`,
    });
    expect(login.code).toBe(0);
    const config = JSON.parse(
      readFileSync(join(work, 'sam', '.config', 'factory', 'config.json'), 'utf8'),
    );
    const token = config.profiles.default.token as string;
    expect(token).toMatch(/^ss_/);

    const who = await factory(['whoami'], { env: home });
    expect(JSON.parse(who.stdout)).toMatchObject({
      kind: 'staff',
      user: { email: 'sam@factory.example' },
    });
    // A supervisor may read orders but not API keys.
    expect((await factory(['orders', 'list', '--limit', '1'], { env: home })).code).toBe(0);
    expect((await factory(['keys', 'list'], { env: home })).code).toBe(4);

    expect((await factory(['logout'], { env: home })).code).toBe(0);
    const after = await factory(['whoami', '--api-key', token], {
      env: { ...home, FACTORY_URL: daemon.url },
    });
    expect(after.code).toBe(4);
  });
});

describe('README "Scripting" examples', () => {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Scripting'))!;
  const examples = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);

  it('has three', () => {
    expect(examples).toHaveLength(3);
  });

  it('says how to put `factory` on the PATH after `npm start`, and that works', async () => {
    const start = readme.split(/^## /m).find((part) => part.startsWith('Start here'))!;
    const link = [...start.matchAll(/```sh\n([\s\S]*?)```/g)]
      .map((match) => match[1]!)
      .find((block) => block.includes('npm link'))!;
    expect(start).toContain('npx factory');
    // npm's global directory is a scratch one, so the test links nothing on this machine.
    const prefix = join(work, 'npm-global');
    const pathEnv = {
      PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: work,
      npm_config_prefix: prefix,
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
    };
    const linked = await exec('sh', ['-ec', link], { env: pathEnv, cwd: REPO_ROOT });
    expect(linked.code, linked.stderr).toBe(0);
    expect(linked.stdout).toMatch(/^factory \d+\.\d+\.\d+/m);
    const npx = await exec('npx', ['--no-install', 'factory', '--version'], {
      env: pathEnv,
      cwd: REPO_ROOT,
    });
    expect(npx.code, npx.stderr).toBe(0);
    expect(npx.stdout).toMatch(/^factory \d+\.\d+\.\d+/);
  });

  it('1: reads the status of an order', async () => {
    const result = await sh(examples[0]!);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('PO-1042: awaiting_production\n');
  });

  it('2: exports orders waiting for production as CSV', async () => {
    const result = await sh(examples[1]!);
    expect(result.code).toBe(0);
    const lines = readFileSync(join(work, 'awaiting.csv'), 'utf8').trimEnd().split('\n');
    const expected = (await allOrderIds()).length;
    expect(lines).toHaveLength(expected);
    expect(lines).toContain('"PO-1042","ACME","SOFA-3S Grey","2026-12-01"');
  });

  it('3: pairs a station and records a scan with its token', async () => {
    const result = await sh(examples[2]!);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/FD 0000001/);
    const order = await api<{ pieces: Array<{ barcode: string; status: string }> }>(
      'GET',
      '/v1/orders/PO-1042',
    );
    expect(order.pieces.find((piece) => piece.barcode === 'FD 0000001')!.status).toBe('produced');
  });
});
