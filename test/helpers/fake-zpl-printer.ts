import { createServer, type Server, type Socket } from 'node:net';

/** What the fake printer says to `~HS`: its flags, as a test sets them. */
export interface FakeZplState {
  paperOut?: boolean;
  paused?: boolean;
  headOpen?: boolean;
  ribbonOut?: boolean;
  /** Accepts connections but never answers `~HS` (as some Zebras do while out of media). */
  silent?: boolean;
}

/**
 * A raw-socket ZPL printer (port 9100's protocol) for tests: it splits what it receives into
 * `^XA…^XZ` formats, in arrival order, answers `~HS` with the host status of `state`, and can drop
 * a connection after its nth format (`dropAfterFormats`), as a printer losing power would.
 */
export class FakeZplPrinter {
  readonly formats: string[] = [];
  /** When each format arrived (performance.now()), and when each connection's first byte did. */
  readonly firstBytes: number[] = [];
  /** When each connection's first label data (`^XA`) arrived: a job's first byte. */
  readonly jobStarts: number[] = [];
  state: FakeZplState = {};
  /** Drop the next job connection after this many formats of it (then clear). */
  dropAfterFormats: number | undefined;
  statusQueries = 0;
  /**
   * Reads at a printer's pace rather than as fast as it can: after each chunk it receives, the
   * connection rests this long (the sender waits on the socket meanwhile). 0: as fast as it can.
   */
  restMsPerChunk = 0;
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  port = 0;

  private constructor() {
    this.#server = createServer((socket) => this.#serve(socket));
  }

  static async start(): Promise<FakeZplPrinter> {
    const printer = new FakeZplPrinter();
    await new Promise<void>((resolve) => printer.#server.listen(0, '127.0.0.1', resolve));
    printer.port = (printer.#server.address() as { port: number }).port;
    return printer;
  }

  get uri(): string {
    return `tcp://127.0.0.1:${this.port}`;
  }

  #serve(socket: Socket): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('error', () => {});
    let pending = '';
    let formatsHere = 0;
    let first = true;
    let job = false;
    socket.on('data', (chunk: Buffer) => {
      const at = performance.now();
      if (first) this.firstBytes.push(at);
      first = false;
      pending += chunk.toString('utf8');
      if (!job && pending.includes('^XA')) {
        job = true;
        this.jobStarts.push(at);
      }
      for (;;) {
        const hs = pending.indexOf('~HS');
        const xa = pending.indexOf('^XA');
        if (hs !== -1 && (xa === -1 || hs < xa)) {
          pending = pending.slice(hs + 3);
          this.statusQueries += 1;
          if (!this.state.silent) socket.write(this.hostStatus());
          continue;
        }
        if (xa === -1) break;
        const xz = pending.indexOf('^XZ', xa);
        if (xz === -1) break;
        this.formats.push(pending.slice(xa, xz + 3));
        pending = pending.slice(xz + 3);
        formatsHere += 1;
        if (this.dropAfterFormats !== undefined && formatsHere >= this.dropAfterFormats) {
          this.dropAfterFormats = undefined;
          socket.destroy();
          return;
        }
      }
      if (this.restMsPerChunk > 0 && job) {
        socket.pause();
        setTimeout(() => socket.resume(), this.restMsPerChunk).unref();
      }
    });
  }

  /** `~HS`'s three strings, STX…ETX CR LF each (Zebra's ZPL manual, "~HS"). */
  hostStatus(): string {
    const f = (b: boolean | undefined) => (b ? '1' : '0');
    const s = this.state;
    const one = `030,${f(s.paperOut)},${f(s.paused)},1218,000,0,0,0,000,0,0,0`;
    const two = `000,0,${f(s.headOpen)},${f(s.ribbonOut)},0,2,4,0,00000000,1,000`;
    const three = '1234,0';
    return [one, two, three].map((x) => `\x02${x}\x03\r\n`).join('');
  }

  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
