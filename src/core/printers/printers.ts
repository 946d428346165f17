import type { Transaction } from 'kysely';
import { invalid, notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import {
  heldReasonOf,
  parsePrinterUri,
  type PrinterLanguage,
  type PrinterStatus,
} from '../../domain/printing.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import { cancelQueuedJobs, holdQueuedJobs } from '../../store/printers/print-jobs.repository.js';
import {
  changePrinterState,
  detachPrinterFromStations,
  findPrinter,
  insertPrinter,
  listPrinters,
  printerById,
  touchPrinter,
  updatePrinter,
  type PrinterChanges,
  type PrinterRow,
} from '../../store/printers/printers.repository.js';
import { defaultDpi } from '../../store/pieces/piece-labels.js';
import type { DB } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import { toPrinterView, type PrinterView } from './views.js';

export interface NewPrinter {
  name: string;
  language: PrinterLanguage;
  uri: string;
  dpi?: 203 | 300 | undefined;
  label_size?: '4x6' | undefined;
}

export type PrinterPatch = Partial<NewPrinter>;

/** The URI as stored, checked against the language; 400 naming `uri` when it does not fit. */
function checkUri(uri: string, language: PrinterLanguage): string {
  const address = parsePrinterUri(uri, language);
  if (typeof address === 'string') throw invalid('uri', address);
  return uri.trim();
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid('name', 'name must not be empty.');
  return trimmed;
}

async function existingPrinter(
  trx: Transaction<DB>,
  factoryId: string,
  id: string,
): Promise<PrinterRow> {
  const row = await findPrinter(trx, factoryId, id);
  if (!row) throw notFound('printer', 'id', id);
  return row;
}

const queueChanged = (ctx: CoreContext) => ctx.signals.printQueueChanged?.();

/**
 * Adds a printer. Its state is `offline` until it first answers; the print worker asks it at once.
 * `dpi` defaults to the factory's `default_dpi`.
 */
export async function createPrinter(
  ctx: CoreContext,
  factoryId: string,
  input: NewPrinter,
): Promise<PrinterView> {
  const name = checkName(input.name);
  const uri = checkUri(input.uri, input.language);
  const view = await transact(ctx, async (tx) => {
    const dpi = input.dpi ?? ((await defaultDpi(tx.trx, factoryId)) === 300 ? 300 : 203);
    const row: PrinterRow = {
      id: newId('printer', tx.now),
      factory_id: factoryId,
      name,
      language: input.language,
      uri,
      dpi,
      label_size: input.label_size ?? '4x6',
      state: 'offline',
      state_reasons: '[]',
      last_seen_at: null,
      last_error: null,
      created_at: tx.nowIso,
      updated_at: tx.nowIso,
      deleted_at: null,
    };
    await insertPrinter(tx.trx, row);
    return toPrinterView(row);
  });
  queueChanged(ctx);
  return view;
}

export async function listPrintersOf(
  ctx: CoreContext,
  factoryId: string,
  params: PageParams,
): Promise<Page<PrinterView>> {
  return toPage(await listPrinters(ctx.db, factoryId, params), params, toPrinterView);
}

export async function getPrinter(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<PrinterView> {
  const row = await findPrinter(ctx.db, factoryId, id);
  if (!row) throw notFound('printer', 'id', id);
  return toPrinterView(row);
}

/** Changes a printer; a new address or language is checked together, and asked at once. */
export async function updatePrinterOf(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  patch: PrinterPatch,
): Promise<PrinterView> {
  const view = await transact(ctx, async (tx) => {
    const current = await existingPrinter(tx.trx, factoryId, id);
    const changes: PrinterChanges = { updated_at: tx.nowIso };
    if (patch.name !== undefined) changes.name = checkName(patch.name);
    if (patch.dpi !== undefined) changes.dpi = patch.dpi;
    if (patch.label_size !== undefined) changes.label_size = patch.label_size;
    if (patch.language !== undefined || patch.uri !== undefined) {
      const language = patch.language ?? current.language;
      const uri = checkUri(patch.uri ?? current.uri, language);
      if (uri !== current.uri || language !== current.language) {
        Object.assign(changes, { language, uri, state: 'offline', state_reasons: '[]' });
      }
    }
    await updatePrinter(tx.trx, id, changes);
    return toPrinterView(await existingPrinter(tx.trx, factoryId, id));
  });
  queueChanged(ctx);
  return view;
}

/**
 * Deletes a printer: its queued jobs are cancelled, stations printing on it print on none, and
 * its jobs' history stays listable. A job being sent ends as the printer answers it.
 */
export async function deletePrinter(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<{ id: string; object: 'printer'; deleted: true }> {
  const result = await transact(ctx, async (tx) => {
    await existingPrinter(tx.trx, factoryId, id);
    await updatePrinter(tx.trx, id, { deleted_at: tx.nowIso, updated_at: tx.nowIso });
    await cancelQueuedJobs(tx.trx, id, 'printer deleted', tx.nowIso);
    await detachPrinterFromStations(tx.trx, id);
    return { id, object: 'printer' as const, deleted: true as const };
  });
  queueChanged(ctx);
  return result;
}

/**
 * Records what a printer said (or that it did not answer): a change of state or reasons is
 * stored once and told once (`printer.status_changed`), whichever process saw it first; the
 * printer's queued jobs name the reason they wait. Answers the printer as it now is.
 */
export function recordPrinterStatus(
  ctx: CoreContext,
  printerId: string,
  status: PrinterStatus,
): Promise<PrinterView | undefined> {
  return transact(ctx, async (tx) => {
    const row = await printerById(tx.trx, printerId);
    if (!row || row.deleted_at !== null) return undefined;
    const reasons = JSON.stringify(status.reasons);
    const answered = status.error === null || status.reasons.includes('not_responding');
    const changed =
      row.state !== status.state ||
      row.state_reasons !== reasons ||
      row.last_error !== status.error;
    if (changed) {
      const won = await changePrinterState(tx.trx, printerId, row, {
        state: status.state,
        state_reasons: reasons,
        last_error: status.error,
        updated_at: tx.nowIso,
        ...(answered ? { last_seen_at: tx.nowIso } : {}),
      });
      if (won && (row.state !== status.state || row.state_reasons !== reasons)) {
        const printer = toPrinterView((await printerById(tx.trx, printerId))!);
        tx.emit(row.factory_id, 'printer.status_changed', {
          ...printer,
          previous_state: row.state,
          previous_state_reasons: JSON.parse(row.state_reasons) as string[],
        });
      }
    } else if (answered) {
      await touchPrinter(tx.trx, printerId, tx.nowIso);
    }
    await holdQueuedJobs(tx.trx, printerId, heldReasonOf(status), tx.nowIso);
    return toPrinterView((await printerById(tx.trx, printerId))!);
  });
}
