import { STATUS_CODES } from 'node:http';
import type { Server, Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { errorBody, KIND_HTTP } from './errors.js';

/**
 * How long a client may take over each part of a request, and how many connections may be open
 * at once. A client that stalls is answered 408 and disconnected; connections beyond the cap are
 * closed as they arrive. docs/install.md ("Connections") explains each to the people running it.
 */
export interface ConnectionLimits {
  /** The request line and headers must arrive within this, counted from the connection or the previous response. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (a 10 MiB CSV on a slow link). */
  requestTimeoutMs: number;
  /** A connection with a request open and no byte moving either way for this long is closed. */
  idleTimeoutMs: number;
  /**
   * An idle keep-alive connection is closed after this. Longer than the 60 s idle timeout of
   * common reverse proxies and load balancers, so that they, not factoryd, close first.
   */
  keepAliveTimeoutMs: number;
  /** Open connections at most; one more is closed at once. */
  maxConnections: number;
  /**
   * Open connections one client address may hold; one more from it is closed at once. Well below
   * `maxConnections`, so one address cannot take the server from everyone else.
   */
  maxConnectionsPerAddress: number;
  /**
   * The last this many of `maxConnections` go only to addresses holding fewer than
   * `reserveBelow`: a health check, a station or a person signing in still gets a connection
   * when many addresses hold many.
   */
  reservedConnections: number;
  reserveBelow: number;
  /** How often the server looks for requests past their time (Node checks every 30 s by default). */
  checkIntervalMs: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 120_000,
  idleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 65_000,
  maxConnections: 2_000,
  maxConnectionsPerAddress: 200,
  reservedConnections: 200,
  reserveBelow: 8,
  checkIntervalMs: 1_000,
};

/** How often, at most, the log names an address whose connections are being refused. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Counts open connections per client address and closes, as it arrives, one that would put its
 * address over `maxConnectionsPerAddress`, or that would take the reserve (the last
 * `reservedConnections`) for an address already holding `reserveBelow` or more. Node closes those
 * beyond `maxConnections` itself, before this sees them. Each refused address is logged at most
 * once a minute, with how many it holds.
 *
 * Behind a reverse proxy (`trustProxy`) every connection comes from the proxy: there is no
 * client address to count by, and only the global cap applies.
 */
export function guardConnections(
  server: Server,
  limits: ConnectionLimits,
  log: FastifyBaseLogger,
): void {
  const open = new Map<string, number>();
  const logged = new Map<string, number>();
  let total = 0;
  const refuse = (socket: Socket, address: string, held: number, why: string) => {
    socket.destroy();
    const now = Date.now();
    if (now - (logged.get(address) ?? -Infinity) < REFUSAL_LOG_INTERVAL_MS) return;
    for (const [a, at] of logged) if (now - at >= REFUSAL_LOG_INTERVAL_MS) logged.delete(a);
    logged.set(address, now);
    log.warn(
      {
        address,
        connections: held,
        open_connections: total,
        max_connections_per_address: limits.maxConnectionsPerAddress,
      },
      `connections refused: ${why}`,
    );
  };
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || socket.destroyed) return;
    const held = open.get(address) ?? 0;
    if (held >= limits.maxConnectionsPerAddress) {
      return refuse(socket, address, held, 'this address holds its cap');
    }
    if (
      total >= limits.maxConnections - limits.reservedConnections &&
      held >= limits.reserveBelow
    ) {
      return refuse(socket, address, held, 'the server is near its cap; the reserve is kept');
    }
    open.set(address, held + 1);
    total += 1;
    socket.once('close', () => {
      total -= 1;
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** Errors of Node's HTTP parser, in words a person can act on. */
const PARSER_ERRORS: Record<string, string> = {
  HPE_INVALID_HEADER_TOKEN: 'a header name or value holds a character HTTP does not allow',
  HPE_INVALID_METHOD: 'the method is not a valid HTTP method',
  HPE_INVALID_URL: 'the request target is not a valid URL',
  HPE_INVALID_VERSION: 'the HTTP version is not valid',
  HPE_INVALID_CONTENT_LENGTH: 'Content-Length is not valid',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'Content-Length and Transfer-Encoding conflict',
  HPE_INVALID_TRANSFER_ENCODING: 'Transfer-Encoding is not valid',
  HPE_INVALID_CHUNK_SIZE: 'a chunk size of the body is not valid',
  HPE_LF_EXPECTED: 'a line does not end with CRLF',
  HPE_CR_EXPECTED: 'a line does not end with CRLF',
};

/** An error of a connection (parser, timeout, header size) as the error it answers. */
export function clientErrorOf(err: NodeJS.ErrnoException): AppError {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('request_timeout');
  if (err.code === 'HPE_HEADER_OVERFLOW') return new AppError('headers_too_large');
  const reason = err.code ? PARSER_ERRORS[err.code] : undefined;
  return new AppError('malformed_request', {
    message: `The request is not valid HTTP/1.1: ${reason ?? 'the parser refused it'}.`,
  });
}

/**
 * Answers an error the HTTP parser or a timeout raised before any route saw the request (so
 * without Fastify's request and reply): the error envelope with a request id of its own, on the
 * raw socket, which is then closed — after such an error nothing more can be read from it.
 */
export function answerClientError(
  err: NodeJS.ErrnoException,
  socket: Socket,
  log: FastifyBaseLogger,
): void {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const error = clientErrorOf(err);
  const requestId = newId('request', new Date());
  log.info({ request_id: requestId, code: error.code, err_code: err.code }, 'client error');
  // As Node does: never write into a response already under way on this connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const { status } = KIND_HTTP[error.kind];
    const body = JSON.stringify(errorBody(error, requestId));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        `request-id: ${requestId}\r\n` +
        'cache-control: no-store\r\n' +
        'x-content-type-options: nosniff\r\n' +
        'connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
