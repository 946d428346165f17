import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** What the receiver answers a request: status, headers, and how long it waits first. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Holds the answer until this settles (a receiver that hangs until the test lets it go). */
  until?: Promise<unknown>;
}

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Parsed body. */
  json: { type: string; timestamp: string; data: unknown };
  /** The signature matches, whatever the timestamp (checked with the library's own signing). */
  signatureValid: boolean;
  /** `Webhook.verify` accepted it: signature and a timestamp within the library's tolerance. */
  verified: boolean;
  /** The status answered (chosen on arrival). */
  status: number;
  /** The answer has been written (false while the receiver holds it). */
  answered: boolean;
}

/**
 * A real webhook receiver on 127.0.0.1: every request is checked with the `standardwebhooks`
 * package against the secret registered for its path, recorded, and answered by `reply`.
 */
export class Receiver {
  readonly received: Received[] = [];
  readonly #secrets = new Map<string, string>();
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  reply: (req: Received) => Reply = () => ({ status: 200 });
  inFlight = 0;
  maxInFlight = 0;
  readonly maxInFlightByPath = new Map<string, number>();
  readonly #inFlightByPath = new Map<string, number>();
  url = '';

  constructor() {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  async listen(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  get port(): number {
    return (this.#server.address() as AddressInfo).port;
  }

  /** The secret a path's endpoint signs with (the `secret` answered at creation). */
  secretFor(path: string, secret: string): void {
    this.#secrets.set(path, secret);
  }

  /** Deliveries acknowledged with a 2xx. */
  get acknowledged(): Received[] {
    return this.received.filter((r) => r.status >= 200 && r.status < 300);
  }

  async waitFor(predicate: (r: Receiver) => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this)) {
      if (Date.now() > deadline)
        throw new Error(`receiver: condition not met; got ${this.received.length} requests`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? '/';
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const n = (this.#inFlightByPath.get(path) ?? 0) + 1;
    this.#inFlightByPath.set(path, n);
    this.maxInFlightByPath.set(path, Math.max(this.maxInFlightByPath.get(path) ?? 0, n));
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [
          k,
          Array.isArray(v) ? v.join(', ') : (v ?? ''),
        ]),
      );
      const secret = this.#secrets.get(path);
      let signatureValid = false;
      let verified = false;
      if (secret) {
        const wh = new Webhook(secret);
        const ts = Number(headers['webhook-timestamp']);
        const expected = wh.sign(headers['webhook-id'] ?? '', new Date(ts * 1000), body);
        signatureValid = (headers['webhook-signature'] ?? '').split(' ').includes(expected);
        try {
          wh.verify(body, headers);
          verified = true;
        } catch {
          verified = false;
        }
      }
      const entry: Received = {
        path,
        headers,
        body,
        json: JSON.parse(body) as Received['json'],
        signatureValid,
        verified,
        status: 0,
        answered: false,
      };
      const reply = this.reply(entry);
      entry.status = reply.status;
      this.received.push(entry);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (reply.until) await reply.until;
      if (!res.destroyed) {
        res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers });
        res.end('receiver says: secret internals');
        entry.answered = true;
      }
    } finally {
      this.inFlight -= 1;
      this.#inFlightByPath.set(path, (this.#inFlightByPath.get(path) ?? 1) - 1);
    }
  }
}
