import type { PrinterStatus } from '../../domain/printing.js';

/**
 * Why a job did not print, as the print worker settles it: `not_sent` — not a byte reached the
 * printer, so the job may wait in the queue and go again; `interrupted` — it was cut off after
 * bytes went out, so some of it may be on paper and only a person may send it again; `refused` —
 * the printer answered that it will not print it.
 */
export class PrintFailure extends Error {
  constructor(
    readonly kind: 'not_sent' | 'interrupted' | 'refused',
    message: string,
    /** What the failure says of the printer's state, when it says anything. */
    readonly status?: PrinterStatus,
  ) {
    super(message);
    this.name = 'PrintFailure';
  }
}
