import { connect, type Socket } from 'node:net';
import type { PrinterAddress, PrinterStatus, PrinterStateReason } from '../../domain/printing.js';
import { PrintFailure } from './printer-errors.js';

/** How long a printer has to accept a connection, and to answer `~HS` (DESIGN §14). */
export const ZPL_TIMEOUT_MS = 5_000;

const ETX = 0x03;

/**
 * A ZPL printer's state from its `~HS` host status: three STX…ETX strings. String 1's fields 2
 * and 3 are the paper-out and pause flags, 5 the formats in the receive buffer; string 2's fields
 * 3 and 4 the head-up and ribbon-out flags, 9 the labels left in the batch. Undefined when the
 * answer is not a host status.
 */
export function parseHostStatus(answer: string): PrinterStatus | undefined {
  // STX and ETX frame each string of the answer.
  // eslint-disable-next-line no-control-regex
  const strings = [...answer.matchAll(/\x02([^\x03]*)\x03/g)].map((m) => m[1]!.split(','));
  const [one, two] = strings;
  if (!one || !two || one.length < 5 || two.length < 4) return undefined;
  const flag = (v: string | undefined) => v?.trim() === '1';
  const reasons: PrinterStateReason[] = [];
  if (flag(one[1])) reasons.push('paper_out');
  if (flag(two[3])) reasons.push('ribbon_out');
  if (flag(two[2])) reasons.push('head_open');
  if (flag(one[2])) reasons.push('paused');
  const busy = Number(one[4]) > 0 || Number(two[8] ?? 0) > 0;
  const state =
    reasons.length > 0 && reasons[0] !== 'paused'
      ? 'error'
      : reasons.includes('paused')
        ? 'paused'
        : busy
          ? 'printing'
          : 'ready';
  return { state, reasons, error: null };
}

const unreachable = (address: PrinterAddress, why: string): PrinterStatus => ({
  state: 'offline',
  reasons: ['unreachable'],
  error: `${address.host}:${address.port}: ${why}`,
});

const notResponding = (address: PrinterAddress): PrinterStatus => ({
  state: 'error',
  reasons: ['not_responding'],
  error: `${address.host}:${address.port} accepted the connection but did not answer ~HS within ${ZPL_TIMEOUT_MS / 1000} s`,
});

/** Opens a connection, or rejects with the printer's state (offline, unreachable). */
function open(address: PrinterAddress, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host, port: address.port });
    socket.setNoDelay(true);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new PrintFailure('not_sent', 'connect timed out', unreachable(address, 'timed out')));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new PrintFailure('not_sent', err.message, unreachable(address, err.code ?? err.message)),
      );
    });
  });
}

/**
 * Writes `~HS` on an open connection and reads the answer: the printer's status, or
 * `not_responding` when no whole answer came within the timeout, or undefined when the
 * connection ended first.
 */
function askHostStatus(
  socket: Socket,
  address: PrinterAddress,
  timeoutMs: number,
): Promise<PrinterStatus | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (status: PrinterStatus | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onClose);
      resolve(status);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      const all = Buffer.concat(chunks);
      if (all.filter((b) => b === ETX).length >= 3) {
        finish(parseHostStatus(all.toString('latin1')) ?? notResponding(address));
      }
    };
    const onClose = () => finish(undefined);
    const timer = setTimeout(() => finish(notResponding(address)), timeoutMs);
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.once('error', onClose);
    socket.write('~HS');
  });
}

/** Asks a ZPL printer its state (`~HS`) on a connection of its own. */
export async function zplStatus(
  address: PrinterAddress,
  timeoutMs = ZPL_TIMEOUT_MS,
): Promise<PrinterStatus> {
  let socket: Socket;
  try {
    socket = await open(address, timeoutMs);
  } catch (err) {
    return (err as PrintFailure).status ?? unreachable(address, String(err));
  }
  try {
    return (
      (await askHostStatus(socket, address, timeoutMs)) ??
      unreachable(address, 'closed the connection')
    );
  } finally {
    socket.destroy();
  }
}

/** Writes a chunk, waiting for the socket to drain: the printer's pace sets the sender's. */
function write(socket: Socket, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return reject(new Error('the connection closed'));
    const onError = (err: Error) => reject(err);
    socket.once('error', onError);
    socket.once('close', () => reject(new Error('the printer closed the connection')));
    const flushed = socket.write(chunk, (err) => {
      if (err) reject(err);
    });
    const settle = () => {
      socket.off('error', onError);
      socket.removeAllListeners('close');
      resolve();
    };
    if (flushed) settle();
    else socket.once('drain', settle);
  });
}

/**
 * Sends a job's formats to a raw-socket ZPL printer, a chunk at a time as they come, then asks
 * `~HS` on the same connection: the printer has every byte when it answers. Answers the status
 * it gave after the job. Throws a PrintFailure: `not_sent` when the printer could not be reached
 * (nothing went out), `interrupted` when the connection failed after the first byte or the
 * printer did not answer after the job.
 */
export async function sendZpl(
  address: PrinterAddress,
  formats: AsyncIterable<Buffer>,
  options: { timeoutMs?: number; onFirstByte?: () => void } = {},
): Promise<PrinterStatus> {
  const timeoutMs = options.timeoutMs ?? ZPL_TIMEOUT_MS;
  const socket = await open(address, timeoutMs);
  let sent = 0;
  let started = false;
  try {
    for await (const chunk of formats) {
      if (chunk.length === 0) continue;
      if (!started) options.onFirstByte?.();
      started = true;
      await write(socket, chunk);
      sent += chunk.length;
    }
    const after = await askHostStatus(socket, address, timeoutMs);
    if (!after) {
      throw new PrintFailure('interrupted', 'the printer closed the connection after the job');
    }
    if (after.reasons.includes('not_responding')) {
      throw new PrintFailure('interrupted', after.error ?? 'no answer after the job', after);
    }
    return after;
  } catch (err) {
    if (err instanceof PrintFailure) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new PrintFailure(
      started ? 'interrupted' : 'not_sent',
      `${message} after ${sent} bytes`,
      unreachable(address, message),
    );
  } finally {
    socket.destroy();
  }
}
