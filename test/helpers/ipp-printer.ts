import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { tempDir } from './app.js';
import { waitUntil } from './wait.js';

const IPPEVEPRINTER = '/usr/sbin/ippeveprinter';

/** A free TCP port on the loopback address. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Debian's ippeveprinter (cups-ipp-utils) as a real IPP Everywhere printer on a free port,
 * keeping every document it receives in its spool directory (`-k`).
 *
 * ippeveprinter will not run without a DNS-SD client connected to an Avahi daemon over the D-Bus
 * system bus, even when it announces nothing (`-r off`). Each printer gets its own: a private
 * bus, and an Avahi daemon on it limited to the loopback interface, publishing nothing, started
 * in a mount namespace of its own so its pid file (/run/avahi-daemon) meets no other daemon's.
 */
export class IppPrinter {
  private constructor(
    readonly port: number,
    readonly dir: string,
    private readonly processes: ChildProcess[],
    private readonly busPid: number,
  ) {}

  /**
   * `command`: run for each document instead of ippeveprinter's own simulated printing, which
   * sleeps 5–15 s per job; `/bin/true` completes a job as soon as it has arrived.
   */
  static async start(options: { command?: string } = {}): Promise<IppPrinter> {
    const dir = tempDir('factoryd-ipp-');
    const spool = join(dir, 'spool');
    mkdirSync(spool);
    const socket = join(dir, 'bus.sock');
    writeFileSync(
      join(dir, 'bus.conf'),
      `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>system</type><listen>unix:path=${socket}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
<allow own="*"/><allow user="*"/></policy></busconfig>`,
    );
    writeFileSync(
      join(dir, 'avahi.conf'),
      '[server]\nuse-ipv4=yes\nuse-ipv6=no\nallow-interfaces=lo\nenable-dbus=yes\n' +
        '[publish]\ndisable-publishing=yes\n',
    );
    const bus = spawnSync(
      'dbus-daemon',
      [`--config-file=${join(dir, 'bus.conf')}`, '--fork', '--print-pid'],
      { encoding: 'utf8' },
    );
    if (bus.status !== 0) throw new Error(`dbus-daemon did not start: ${bus.stderr}`);
    const busPid = Number(bus.stdout.trim());
    const env = { ...process.env, DBUS_SYSTEM_BUS_ADDRESS: `unix:path=${socket}` };
    const log = openSync(join(dir, 'printer.log'), 'w');

    const avahi = spawn(
      'unshare',
      [
        '-m',
        'sh',
        '-c',
        'mkdir -p /run/avahi-daemon && mount -t tmpfs none /run/avahi-daemon && ' +
          `exec avahi-daemon --no-drop-root --no-chroot --no-rlimits --no-proc-title -f '${join(dir, 'avahi.conf')}'`,
      ],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let avahiSaid = '';
    const listen = (chunk: Buffer) => (avahiSaid += chunk.toString());
    avahi.stdout!.on('data', listen);
    avahi.stderr!.on('data', listen);
    const processes: ChildProcess[] = [avahi];
    const port = await freePort();
    const ipp = new IppPrinter(port, dir, processes, busPid);
    try {
      await waitUntil('the Avahi daemon', () => avahiSaid.includes('Server startup complete'), {
        timeoutMs: 10_000,
      });
      const printer = spawn(
        IPPEVEPRINTER,
        [
          '-r',
          'off',
          '-p',
          String(port),
          '-n',
          'localhost',
          '-d',
          spool,
          '-k',
          ...(options.command ? ['-c', options.command] : []),
          '-f',
          'application/pdf',
          'Office',
        ],
        { env, stdio: ['ignore', log, log] },
      );
      processes.push(printer);
      await waitUntil('ippeveprinter listening', () => canConnect(port), { timeoutMs: 10_000 });
    } catch (err) {
      const why = `${readFileSync(join(dir, 'printer.log'), 'utf8')}\n${avahiSaid}`;
      await ipp.stop();
      throw new Error(`${(err as Error).message}: ${why}`);
    }
    return ipp;
  }

  get uri(): string {
    return `ipp://127.0.0.1:${this.port}/ipp/print`;
  }

  /** The documents it received, oldest first. */
  documents(): Buffer[] {
    const spool = join(this.dir, 'spool');
    return readdirSync(spool)
      .filter((name) => name.endsWith('.pdf'))
      .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
      .map((name) => readFileSync(join(spool, name)));
  }

  async stop(): Promise<void> {
    const exits = this.processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    );
    await Promise.all(exits);
    try {
      process.kill(this.busPid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
