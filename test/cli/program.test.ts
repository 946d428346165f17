import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { MemoryStream, run } from './helpers/memory-io.js';
import type { CliIO } from '../../src/cli/cli-io.js';

function commandTree(): Command[] {
  const io = {
    stdout: new MemoryStream(false),
    stderr: new MemoryStream(false),
    stdin: process.stdin,
    env: {},
    homeDir: '/nonexistent',
  } as unknown as CliIO;
  const program = buildProgram({ io, action: () => async () => {}, nodeVersion: 'v20.0.0' });
  const all: Command[] = [];
  const visit = (command: Command) => {
    for (const child of command.commands) {
      all.push(child);
      visit(child);
    }
  };
  visit(program);
  return all;
}

const path = (command: Command): string[] =>
  command.parent ? [...path(command.parent), command.name()] : [];

describe('the command tree', () => {
  const leaves = commandTree().filter((command) => command.commands.length === 0);

  it('has every noun and verb of the design', () => {
    const names = new Set(leaves.map((command) => path(command).join(' ')));
    const expected = [
      'orders list',
      'orders get',
      'orders create',
      'orders upload',
      'orders cancel',
      'orders labels',
      'retailers list',
      'retailers get',
      'retailers create',
      'retailers update',
      'retailers users list',
      'retailers users add',
      'retailers users set-role',
      'retailers users remove',
      'stations list',
      'stations get',
      'stations pairing-code',
      'stations pair',
      'stations update',
      'stations revoke',
      'stations hardware-check',
      'stations hardware-checks',
      'scans record',
      'items void',
      'items label',
      'returns list',
      'returns get',
      'returns create',
      'returns restock',
      'returns write-off',
      'keys list',
      'keys create',
      'keys revoke',
      'webhooks list',
      'webhooks get',
      'webhooks create',
      'webhooks update',
      'webhooks delete',
      'webhooks deliveries',
      'webhooks retry',
      'settings get',
      'settings set',
      'company get',
      'company set',
      'plans',
      'hardware test-label',
      'staff list',
      'staff add',
      'staff get',
      'staff update',
      'staff disable',
      'login',
      'logout',
      'whoami',
      'tui',
      'help',
    ];
    for (const name of expected) expect(names, name).toContain(name);
  });

  it.each(leaves.map((command) => [path(command).join(' ')]))(
    '"factory %s --help" ends with an example',
    async (name) => {
      const result = await run([...name.split(' '), '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: factory /);
      expect(result.stdout).toMatch(/\nExamples:\n {2}(factory|\S+=|cat|printf|export|FACTORY_)/);
    },
  );
});

describe('factory', () => {
  it('prints its version, commit and node version', async () => {
    const result = await run(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`factory 0.0.0-dev (commit unknown, node ${process.version})\n`);
  });

  it('documents the exit codes in "factory help exit-codes"', async () => {
    const result = await run(['help', 'exit-codes']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('3  not found');
    expect(result.stdout).toContain('6  the server is unreachable');
  });

  it('shows a command’s help through "factory help <command>"', async () => {
    const result = await run(['help', 'orders', 'labels']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: factory orders labels \[options\] <order>/);
    const unknown = await run(['help', 'nothing']);
    expect(unknown.code).toBe(2);
  });

  it('exits 2 on an unknown command, an unknown flag and a missing argument, with a suggestion', async () => {
    const unknown = await run(['ordres', 'list']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("error: unknown command 'ordres'");
    expect(unknown.stderr).toContain('Did you mean orders?');
    const flag = await run(['orders', 'list', '--stuk']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("unknown option '--stuk'");
    const argument = await run(['orders', 'get']);
    expect(argument.code).toBe(2);
    expect(argument.stderr).toContain("missing required argument 'order'");
    expect(argument.stdout).toBe('');
  });

  it('exits 6 with one line when the server cannot be reached', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const result = await run(['orders', 'list'], {
      env: { FACTORY_URL: `http://127.0.0.1:${port}`, FACTORY_API_KEY: 'sk_live_x' },
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe(
      `error: cannot reach http://127.0.0.1:${port}: connection refused\n`,
    );
  });

  it('refuses to start the terminal UI off a terminal', async () => {
    const env = { FACTORY_URL: 'http://127.0.0.1:1', FACTORY_API_KEY: 'sk_live_x' };
    const piped = await run(['tui'], { env });
    expect(piped.code).toBe(2);
    expect(piped.stderr).toBe(
      'error: the terminal UI needs a terminal; use the other commands in scripts\n',
    );
  });
});
