import { connect, type Socket } from 'node:net';
import { expect } from 'vitest';

/** Raw HTTP/1.1 over a socket, for what a client library would not send or would hide. */

export interface Exchange {
  /** Everything the server sent. */
  text: string;
  /** The server closed the connection. */
  closed: boolean;
  ms: number;
}

/** Opens a connection, lets `talk` write to it, and collects what comes back until it closes. */
export function exchange(
  port: number,
  talk: (socket: Socket) => void,
  timeoutMs = 10_000,
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('connect', () => talk(socket));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false, ms: performance.now() - started });
    }, timeoutMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true, ms: performance.now() - started });
    });
    socket.on('timeout', () => reject(new Error('socket timeout')));
  });
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: { error: { type: string; code: string; message: string; request_id: string } };
}

/** The first HTTP response in `text`. */
export function answerIn(text: string): Answer {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head!.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [
      l.slice(0, l.indexOf(':')).toLowerCase(),
      l.slice(l.indexOf(':') + 1).trim(),
    ]),
  );
  const length = Number(headers['content-length']);
  const body = rest.join('\r\n\r\n').slice(0, length);
  return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body) };
}

/** The envelope, with a request id that is also the `request-id` header. */
export function expectEnvelope(answer: Answer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.body.error).toMatchObject({ code, request_id: expect.stringMatching(/^req_/) });
  expect(answer.headers['request-id']).toBe(answer.body.error.request_id);
  expect(answer.body.error.message.length).toBeGreaterThan(10);
}
