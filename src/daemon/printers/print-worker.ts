import { randomBytes } from 'node:crypto';
import {
  canPrint,
  heldReasonOf,
  parsePrinterUri,
  type PrinterStatus,
} from '../../domain/printing.js';
import type { CoreContext } from '../../core/context.js';
import { deliveryNoteOf, ssccLabelsOf } from '../../core/consignments/documents.js';
import {
  claimNextPrintJob,
  confirmPrinted,
  endJob,
  interruptAbandonedJobs,
  jobLabels,
  keepClaim,
  labelDpiOf,
  printerHasQueuedJobs,
  printersToDrive,
  unclaimJob,
} from '../../core/printers/print-queue.js';
import { recordPrinterStatus } from '../../core/printers/printers.js';
import type { LabelRenderer } from '../../labels/label-renderer.js';
import { testLabel, type Label } from '../../labels/label.model.js';
import type { PrinterRow } from '../../store/printers/printers.repository.js';
import type { PrintJobRow } from '../../store/printers/print-jobs.repository.js';
import type { JobLog } from '../jobs/job.js';
import { ippPrint, ippStatus } from './ipp-printer.js';
import { PrintFailure } from './printer-errors.js';
import { sendZpl, zplStatus } from './zpl-printer.js';

export interface PrintWorkerOptions {
  core: CoreContext;
  labels: LabelRenderer;
  log: JobLog;
  /**
   * True when this process alone sends print jobs from its database (SQLite): at start every job
   * left `sending` is interrupted at once. False (PostgreSQL, several processes): only those whose
   * claim was not kept alive for `leaseMs`.
   */
  exclusive: boolean;
  /** How often an idle printer is asked its state (30 s). */
  idlePollMs?: number;
  /** How often a printer that holds jobs is asked whether it is ready again (5 s). */
  heldPollMs?: number;
  /**
   * How often a printer that a station page shows is asked (2 s), for `watchMs` (10 s) after the
   * page last asked the server: the page shows paper out within seconds even when nothing prints.
   */
  watchPollMs?: number;
  watchMs?: number;
  /**
   * A poll whose answer is what was last recorded writes nothing for this long (30 s): asking a
   * watched printer every 2 s costs a socket round trip, not a write transaction.
   */
  touchMs?: number;
  /** How long a `sending` claim lives without being kept alive (60 s). */
  leaseMs?: number;
  /** Told when a job's first byte leaves for the printer (the benchmark's clock). */
  onFirstByte?: (jobId: string) => void;
}

type LaneOptions = Required<Omit<PrintWorkerOptions, 'onFirstByte'>> &
  Pick<PrintWorkerOptions, 'onFirstByte'>;

/**
 * Drives every printer of the database (DESIGN §14): each printer has a lane that asks its state
 * (every 30 s idle, every few seconds while jobs wait, and before and after each job) and prints
 * its jobs one at a time, in order. At most once on paper: a job cut off after its first byte is
 * `interrupted` and never sent again by itself.
 */
export class PrintWorker {
  readonly claimant = `w_${process.pid}_${randomBytes(4).toString('hex')}`;
  readonly #opts: LaneOptions;
  readonly #lanes = new Map<string, PrinterLane>();
  #refreshing: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #sweep: NodeJS.Timeout | undefined;

  constructor(options: PrintWorkerOptions) {
    this.#opts = {
      idlePollMs: 30_000,
      heldPollMs: 5_000,
      watchPollMs: 2_000,
      watchMs: 10_000,
      touchMs: 30_000,
      leaseMs: 60_000,
      ...options,
    };
  }

  /** Settles what a stopped process left mid-send, then starts driving the printers. */
  async start(): Promise<void> {
    const { core, exclusive, leaseMs, log } = this.#opts;
    const staleBefore = exclusive ? null : new Date(core.clock.now().getTime() - leaseMs);
    const interrupted = await interruptAbandonedJobs(core, this.claimant, staleBefore);
    if (interrupted > 0) log.info({ interrupted }, 'print jobs cut off by a stop are interrupted');
    if (!exclusive) {
      // Another process's claims that lapse while this one runs.
      this.#sweep = setInterval(() => {
        interruptAbandonedJobs(
          core,
          this.claimant,
          new Date(core.clock.now().getTime() - leaseMs),
        ).catch((err: unknown) => log.error({ err }, 'settling abandoned print jobs failed'));
      }, leaseMs).unref();
    }
    await this.kick();
  }

  /** Reads the printers and their queues again and wakes the lanes with work. */
  kick(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#refreshing) {
      this.#again = true;
      return this.#refreshing;
    }
    this.#refreshing = this.#refresh().finally(() => (this.#refreshing = null));
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    do {
      this.#again = false;
      try {
        const { printers, withQueued } = await printersToDrive(this.#opts.core);
        const live = new Set(printers.map((p) => p.id));
        for (const [id, lane] of this.#lanes) {
          if (!live.has(id)) {
            void lane.stop();
            this.#lanes.delete(id);
          }
        }
        for (const printer of printers) {
          let lane = this.#lanes.get(printer.id);
          if (!lane || lane.changed(printer)) {
            void lane?.stop();
            lane = new PrinterLane(printer, this.#opts, this.claimant);
            this.#lanes.set(printer.id, lane);
            lane.wake();
          } else if (withQueued.has(printer.id)) lane.wake();
        }
      } catch (err) {
        this.#opts.log.error({ err }, 'reading the printers failed');
      }
    } while (this.#again && !this.#stopped);
  }

  /** A station page shows this printer: ask it every `watchPollMs` for a while. */
  watch(printerId: string): void {
    if (!this.#stopped) this.#lanes.get(printerId)?.watch();
  }

  /** Stops asking and claiming; waits for jobs being sent to end as they end. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#sweep);
    await this.#refreshing;
    await Promise.all([...this.#lanes.values()].map((lane) => lane.stop()));
  }
}

/** One printer's turn-taking: ask, print one job, ask again; sleep when there is nothing to do. */
class PrinterLane {
  readonly #printer: PrinterRow;
  readonly #opts: LaneOptions;
  readonly #claimant: string;
  #running: Promise<void> | null = null;
  #again = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  /** Until when (performance.now()) a station page shows this printer. */
  #watchedUntil = 0;
  /** Woken from outside (a job, a change) since the last status was recorded. */
  #kicked = true;
  /** The status last recorded, and when: an unchanged answer need not be written again. */
  #recorded: { key: string; at: number } | undefined;

  constructor(printer: PrinterRow, opts: LaneOptions, claimant: string) {
    this.#printer = printer;
    this.#opts = opts;
    this.#claimant = claimant;
  }

  /** The printer's address or language changed: a new lane drives it. */
  changed(row: PrinterRow): boolean {
    return (
      row.uri !== this.#printer.uri ||
      row.language !== this.#printer.language ||
      row.dpi !== this.#printer.dpi
    );
  }

  wake(): void {
    this.#kicked = true;
    this.#poll();
  }

  watch(): void {
    const was = this.#watched();
    this.#watchedUntil = performance.now() + this.#opts.watchMs;
    // Sleeping for the idle 30 s: look sooner.
    if (!was && !this.#running) this.#sleep(this.#opts.watchPollMs);
  }

  #watched(): boolean {
    return performance.now() < this.#watchedUntil;
  }

  #poll(): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#loop().finally(() => (this.#running = null));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #sleep(ms: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    const wait = this.#watched() ? Math.min(ms, this.#opts.watchPollMs) : ms;
    this.#timer = setTimeout(() => this.#poll(), wait);
    this.#timer.unref();
  }

  async #loop(): Promise<void> {
    const { log } = this.#opts;
    do {
      this.#again = false;
      try {
        await this.#turn();
      } catch (err) {
        log.error({ err, printer_id: this.#printer.id }, 'print lane failed');
        this.#sleep(this.#opts.heldPollMs);
      }
    } while (this.#again && !this.#stopped);
  }

  /** One round: ask the printer; while it can print and jobs wait, print them one by one. */
  async #turn(): Promise<void> {
    const { core, idlePollMs, heldPollMs } = this.#opts;
    while (!this.#stopped) {
      const status = await this.#ask();
      if (!canPrint(status.state)) return this.#sleep(heldPollMs);
      const job = (await printerHasQueuedJobs(core, this.#printer.id))
        ? await claimNextPrintJob(core, this.#printer.id, this.#claimant)
        : undefined;
      if (!job) return this.#sleep(idlePollMs);
      await this.#print(job);
    }
  }

  async #ask(): Promise<PrinterStatus> {
    const address = parsePrinterUri(this.#printer.uri, this.#printer.language);
    const status: PrinterStatus =
      typeof address === 'string'
        ? { state: 'error', reasons: ['other'], error: address }
        : this.#printer.language === 'zpl'
          ? await zplStatus(address)
          : await ippStatus(address);
    const key = JSON.stringify([status.state, status.reasons, status.error]);
    const recorded = this.#recorded;
    const fresh = recorded && performance.now() - recorded.at < this.#opts.touchMs;
    // Nothing new to say and nobody asked for a look: no write transaction (scans keep the lock).
    if (!this.#kicked && fresh && recorded.key === key) return status;
    await this.#record(status);
    return status;
  }

  /** Stores what the printer said (state, reasons, held jobs), and remembers it. */
  async #record(status: PrinterStatus): Promise<void> {
    this.#kicked = false;
    await recordPrinterStatus(this.#opts.core, this.#printer.id, status);
    this.#recorded = {
      key: JSON.stringify([status.state, status.reasons, status.error]),
      at: performance.now(),
    };
  }

  async #print(job: PrintJobRow): Promise<void> {
    const { core, leaseMs, log } = this.#opts;
    const keepAlive = setInterval(() => {
      keepClaim(core, job.id, this.#claimant).catch((err: unknown) =>
        log.error({ err, job_id: job.id }, 'keeping a print claim failed'),
      );
    }, leaseMs / 3);
    try {
      const after = await this.#send(job);
      if (after && !canPrint(after.state)) {
        await this.#record(after);
        await endJob(
          core,
          job.id,
          this.#claimant,
          'interrupted',
          `the printer reported ${heldReasonOf(after)} after the job: check what printed`,
        );
        return;
      }
      if (after) await this.#record(after);
      await confirmPrinted(core, job.id, this.#claimant);
    } catch (err) {
      if (err instanceof PrintFailure) {
        if (err.status) await this.#record(err.status);
        if (err.kind === 'not_sent') {
          await unclaimJob(
            core,
            job.id,
            this.#claimant,
            err.status ? heldReasonOf(err.status) : null,
          );
        } else {
          await endJob(
            core,
            job.id,
            this.#claimant,
            err.kind === 'interrupted' ? 'interrupted' : 'failed',
            err.message,
          );
        }
      } else {
        await endJob(core, job.id, this.#claimant, 'failed', (err as Error).message);
      }
    } finally {
      clearInterval(keepAlive);
    }
  }

  /** Sends the job; the status the printer gave right after it (ZPL), or undefined (IPP). */
  async #send(job: PrintJobRow): Promise<PrinterStatus | undefined> {
    const printer = this.#printer;
    const address = parsePrinterUri(printer.uri, printer.language);
    if (typeof address === 'string') throw new PrintFailure('refused', address);
    const onFirstByte = () => this.#opts.onFirstByte?.(job.id);
    if (printer.language === 'zpl') {
      if (job.source === 'consignment' && job.document !== 'sscc_labels') {
        throw new PrintFailure('refused', 'a ZPL printer cannot print a PDF document');
      }
      return sendZpl(address, this.#zplChunks(job), { onFirstByte });
    }
    const pdf =
      job.source === 'consignment' ? await this.#consignmentPdf(job) : await this.#pdf(job);
    await ippPrint(address, pdf, `${job.id}`, { onFirstByte });
    return undefined;
  }

  /**
   * A consignment's document, rendered now rather than in the transaction that queued it (a
   * closed consignment no longer changes; see print-rules.ts). A job queued with its document
   * already built carries it in `content`.
   */
  async #consignmentPdf(job: PrintJobRow): Promise<Buffer> {
    if (job.content) return Buffer.from(job.content, 'base64');
    const { core } = this.#opts;
    if (job.document === 'sscc_labels') return this.#ssccLabels(job, 'pdf');
    const note = await deliveryNoteOf(core, job.factory_id, job.consignment_id!);
    // pdfkit and the barcode encoder load with the first document; between orders, scans get a turn.
    const { renderDeliveryNote } = await import('../../labels/delivery-note.js');
    return renderDeliveryNote(note, () => new Promise((r) => setImmediate(r)));
  }

  async #ssccLabels(job: PrintJobRow, format: 'pdf' | 'zpl'): Promise<Buffer> {
    const { core, labels } = this.#opts;
    const content = await ssccLabelsOf(core, job.factory_id, job.consignment_id!);
    const dpi = await labelDpiOf(core, this.#printer);
    const sscc: Label[] = content.map((label) => ({ kind: 'sscc', ...label }));
    return (await labels.render(sscc, format, dpi)).body;
  }

  async *#zplChunks(job: PrintJobRow): AsyncGenerator<Buffer> {
    const { core, labels } = this.#opts;
    const dpi = await labelDpiOf(core, this.#printer);
    if (job.source === 'test_label') {
      yield (await labels.render([testLabel()], 'zpl', dpi)).body;
      return;
    }
    if (job.source === 'consignment') {
      yield await this.#ssccLabels(job, 'zpl');
      return;
    }
    for await (const chunk of jobLabels(core, job)) {
      const pieces: Label[] = chunk.map((piece) => ({ kind: 'piece', ...piece }));
      yield (await labels.render(pieces, 'zpl', dpi)).body;
    }
  }

  async #pdf(job: PrintJobRow): Promise<Buffer> {
    const { core, labels } = this.#opts;
    const dpi = await labelDpiOf(core, this.#printer);
    if (job.source === 'test_label') return (await labels.render([testLabel()], 'pdf', dpi)).body;
    const all: Label[] = [];
    for await (const chunk of jobLabels(core, job)) {
      for (const piece of chunk) all.push({ kind: 'piece', ...piece });
    }
    return (await labels.render(all, 'pdf', dpi)).body;
  }
}
