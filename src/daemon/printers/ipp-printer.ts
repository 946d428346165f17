import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { PrinterAddress, PrinterStatus, PrinterStateReason } from '../../domain/printing.js';
import {
  decodeResponse,
  encodeRequest,
  integer,
  IPP_OPERATIONS,
  isSuccess,
  keyword,
  mimeType,
  name,
  uri,
  type IppResponse,
} from './ipp-message.js';
import { PrintFailure } from './printer-errors.js';

/** How long a printer has to answer one IPP request (a Print-Job's document included). */
export const IPP_TIMEOUT_MS = 30_000;
/** How often a job's state is asked until it ends, and for how long at most. */
const JOB_POLL_MS = 500;
const JOB_WAIT_MS = 10 * 60_000;

let nextRequestId = 1;

/** The printer-uri attribute: the address as configured (ipp:// or ipps://). */
const printerUri = (a: PrinterAddress) =>
  `${a.scheme}://${a.host.includes(':') ? `[${a.host}]` : a.host}:${a.port}${a.path}`;

/**
 * Posts one IPP message (and a document after it) to the printer. `onBodySent`: the whole
 * request went out. Rejects with `not_sent` when nothing reached the printer, `interrupted` when
 * the connection failed after the request started going out.
 */
function post(
  address: PrinterAddress,
  message: Buffer,
  document?: Buffer,
  timeoutMs = IPP_TIMEOUT_MS,
): Promise<IppResponse> {
  const body = document ? Buffer.concat([message, document]) : message;
  const request = address.scheme === 'ipps' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let started = false;
    const req = request(
      {
        host: address.host,
        port: address.port,
        path: address.path,
        method: 'POST',
        headers: { 'content-type': 'application/ipp', 'content-length': body.length },
        // Printers' certificates are their own, self-signed: IPPS here keeps the labels private
        // on the wire; it does not prove the printer's identity (docs/printing.md).
        ...(address.scheme === 'ipps' ? { rejectUnauthorized: false } : {}),
        timeout: timeoutMs,
        agent: false,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) {
            return reject(
              new PrintFailure(started ? 'refused' : 'not_sent', `HTTP ${res.statusCode}`),
            );
          }
          try {
            resolve(decodeResponse(Buffer.concat(chunks)));
          } catch (err) {
            reject(new PrintFailure('interrupted', (err as Error).message));
          }
        });
        res.on('error', (err) => reject(new PrintFailure('interrupted', err.message)));
      },
    );
    req.on('socket', (socket) => {
      const connected = () => (started = true);
      if (socket.connecting) socket.once('connect', connected);
      else connected();
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new PrintFailure(
          started ? 'interrupted' : 'not_sent',
          err.message,
          started ? undefined : unreachable(address, err.code ?? err.message),
        ),
      ),
    );
    req.end(body);
  });
}

const unreachable = (address: PrinterAddress, why: string): PrinterStatus => ({
  state: 'offline',
  reasons: ['unreachable'],
  error: `${address.host}:${address.port}: ${why}`,
});

/** Our reason for an IPP printer-state-reasons keyword that stops printing, if any. */
function reasonOf(keyword: string): PrinterStateReason | undefined {
  if (keyword === 'none' || keyword.endsWith('-report') || keyword.endsWith('-warning')) {
    return undefined;
  }
  const base = keyword.replace(/-error$/, '');
  if (base === 'media-empty' || base === 'media-needed' || base === 'input-tray-missing') {
    return 'paper_out';
  }
  if (base === 'marker-supply-empty' || base === 'toner-empty') return 'ribbon_out';
  if (base === 'cover-open' || base === 'door-open') return 'head_open';
  if (base === 'paused' || base === 'moving-to-paused') return 'paused';
  if (base === 'offline' || base === 'shutdown') return 'unreachable';
  return keyword.endsWith('-error') || base === 'media-jam' ? 'other' : undefined;
}

/** Our state from printer-state (3 idle, 4 processing, 5 stopped) and printer-state-reasons. */
export function statusFromIpp(state: number, keywords: readonly string[]): PrinterStatus {
  const reasons = [
    ...new Set(keywords.map(reasonOf).filter((r): r is PrinterStateReason => r !== undefined)),
  ];
  const stopping = reasons.filter((r) => r !== 'paused');
  if (stopping.length > 0) {
    return { state: reasons.includes('unreachable') ? 'offline' : 'error', reasons, error: null };
  }
  if (state === 5 || reasons.includes('paused')) {
    return { state: 'paused', reasons: reasons.length ? reasons : ['paused'], error: null };
  }
  return { state: state === 4 ? 'printing' : 'ready', reasons: [], error: null };
}

/** Asks an IPP printer its state (Get-Printer-Attributes). */
export async function ippStatus(address: PrinterAddress): Promise<PrinterStatus> {
  try {
    const res = await post(
      address,
      encodeRequest(IPP_OPERATIONS.getPrinterAttributes, nextRequestId++, [
        ['printer-uri', uri(printerUri(address))],
        ['requested-attributes', keyword('printer-state'), keyword('printer-state-reasons')],
      ]),
      undefined,
      10_000,
    );
    if (!isSuccess(res.statusCode)) {
      return {
        state: 'error',
        reasons: ['other'],
        error: `the printer answered IPP status 0x${res.statusCode.toString(16)}`,
      };
    }
    const state = Number(res.attributes.get('printer-state')?.[0] ?? 3);
    const reasons = (res.attributes.get('printer-state-reasons') ?? []).map(String);
    return statusFromIpp(state, reasons);
  } catch (err) {
    const failure = err as PrintFailure;
    return (
      failure.status ?? {
        state: 'error',
        reasons: ['not_responding'],
        error: `${address.host}:${address.port}: ${failure.message}`,
      }
    );
  }
}

/**
 * Prints a PDF (Print-Job) and waits until the printer says the job ended (Get-Job-Attributes):
 * resolves when it `completed`; throws a PrintFailure otherwise — `refused` when the printer
 * would not take it or aborted or cancelled it, `interrupted` when the answer was lost, `not_sent`
 * when the printer could not be reached.
 */
export async function ippPrint(
  address: PrinterAddress,
  pdf: Buffer,
  jobName: string,
  options: { onFirstByte?: () => void; now?: () => number } = {},
): Promise<void> {
  const message = encodeRequest(IPP_OPERATIONS.printJob, nextRequestId++, [
    ['printer-uri', uri(printerUri(address))],
    ['requesting-user-name', name('factoryd')],
    ['job-name', name(jobName)],
    ['document-format', mimeType('application/pdf')],
  ]);
  options.onFirstByte?.();
  const res = await post(address, message, pdf);
  if (!isSuccess(res.statusCode)) {
    throw new PrintFailure(
      'refused',
      `the printer refused the job (IPP status 0x${res.statusCode.toString(16)})`,
    );
  }
  const jobId = Number(res.attributes.get('job-id')?.[0]);
  if (!Number.isInteger(jobId)) throw new PrintFailure('interrupted', 'the printer gave no job-id');
  const now = options.now ?? Date.now;
  const until = now() + JOB_WAIT_MS;
  for (;;) {
    let state: number;
    try {
      const answer = await post(
        address,
        encodeRequest(IPP_OPERATIONS.getJobAttributes, nextRequestId++, [
          ['printer-uri', uri(printerUri(address))],
          ['job-id', integer(jobId)],
          ['requested-attributes', keyword('job-state'), keyword('job-state-reasons')],
        ]),
      );
      state = Number(answer.attributes.get('job-state')?.[0]);
    } catch (err) {
      throw new PrintFailure('interrupted', `lost the job's state: ${(err as Error).message}`);
    }
    if (state === 9) return;
    if (state === 7 || state === 8) {
      throw new PrintFailure(
        'refused',
        state === 7 ? 'the printer cancelled the job' : 'the printer aborted the job',
      );
    }
    if (now() > until) throw new PrintFailure('interrupted', 'the job did not end in time');
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
  }
}
