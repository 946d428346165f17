import { AppError, invalid, notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { makeSscc, ssccSerialCapacity, RESTRICTED_CIRCULATION_PREFIX } from '../../domain/sscc.js';
import { blankToNull } from '../../domain/text.js';
import * as store from '../../store/consignments/consignments.repository.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import { retailerById } from '../../store/retailers/retailers.repository.js';
import type { ConsignmentStatus } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { printClosedConsignment } from '../printers/print-rules.js';
import { transact, type Tx } from '../transaction.js';
import {
  readContents,
  toConsignmentDetail,
  toConsignmentView,
  type ConsignmentDetail,
  type ConsignmentView,
  type HandlingUnitView,
} from './consignment-view.js';

export interface ConsignmentInput {
  retailer_id: string;
  reference?: string | null | undefined;
  carrier?: string | null | undefined;
  vehicle?: string | null | undefined;
  notes?: string | null | undefined;
}

const text = (value: string | null | undefined): string | null =>
  value === undefined || value === null ? null : blankToNull(value.trim());

/** POST /v1/consignments: an open consignment for one retailer, numbered `CN 000001` onwards. */
export async function createConsignment(
  ctx: CoreContext,
  factoryId: string,
  input: ConsignmentInput,
): Promise<ConsignmentView> {
  return transact(ctx, async (tx) => {
    const retailer = await retailerById(tx.trx, factoryId, input.retailer_id);
    if (!retailer) throw notFound('retailer', 'retailer_id', input.retailer_id);
    const row = {
      id: newId('consignment', tx.now),
      factory_id: factoryId,
      number: await store.nextConsignmentNumber(tx.trx, factoryId),
      retailer_id: retailer.id,
      status: 'open' as const,
      reference: text(input.reference),
      carrier: text(input.carrier),
      vehicle: text(input.vehicle),
      notes: text(input.notes),
      close_reason: null,
      closed_at: null,
      cancelled_at: null,
      created_at: tx.nowIso,
      updated_at: tx.nowIso,
    };
    await store.insertConsignment(tx.trx, row);
    const view = toConsignmentView(
      { ...row, retailer_name: retailer.name, retailer_code: retailer.code },
      { loaded: new Map(), pieces: [] },
    );
    tx.emit(factoryId, 'consignment.created', view);
    return view;
  });
}

export interface ConsignmentListQuery extends PageParams {
  status?: ConsignmentStatus | undefined;
  retailer_id?: string | undefined;
}

/** GET /v1/consignments: newest first, with each one's loading progress. */
export async function listConsignments(
  ctx: CoreContext,
  factoryId: string,
  query: ConsignmentListQuery,
): Promise<Page<ConsignmentView>> {
  const rows = await store.listConsignments(
    ctx.db,
    factoryId,
    { status: query.status, retailer_id: query.retailer_id },
    query,
  );
  const page = toPage(rows, query);
  const contents = await readContents(
    ctx.db,
    factoryId,
    page.data.map((row) => row.id),
  );
  return { ...page, data: page.data.map((row) => toConsignmentView(row, contents.get(row.id)!)) };
}

async function rowOf(
  db: CoreContext['db'] | Tx['trx'],
  factoryId: string,
  id: string,
): Promise<store.ConsignmentRow> {
  const row = await store.consignmentOf(db, factoryId, id);
  if (!row) throw notFound('consignment', 'id', id);
  return row;
}

async function detailOf(
  db: CoreContext['db'] | Tx['trx'],
  row: store.ConsignmentRow,
): Promise<ConsignmentDetail> {
  const contents = (await readContents(db, row.factory_id, [row.id])).get(row.id)!;
  return toConsignmentDetail(db, row, contents);
}

/**
 * GET /v1/consignments/{id}: its orders with their units and pieces, loaded and still to load.
 * `retailerId` scopes it to a retailer (the portal): another retailer's consignment is 404.
 */
export async function getConsignment(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  retailerId?: string,
): Promise<ConsignmentDetail> {
  const row = await rowOf(ctx.db, factoryId, id);
  if (retailerId !== undefined && row.retailer_id !== retailerId) {
    throw notFound('consignment', 'id', id);
  }
  return detailOf(ctx.db, row);
}

function assertOpen(row: store.ConsignmentRow): void {
  if (row.status !== 'open') {
    throw new AppError('consignment_not_open', {
      message: `Consignment ${toConsignmentView(row, { loaded: new Map(), pieces: [] }).number} is ${row.status}.`,
    });
  }
}

export interface CloseInput {
  force?: boolean | undefined;
  reason?: string | null | undefined;
}

/**
 * POST /v1/consignments/{id}/close: refused 409 `unit_incomplete` while a unit has some but not
 * all of its pieces loaded (each named in `errors`), unless `force` with a `reason`, which is
 * kept. Emits `consignment.closed` with its orders and pieces. Closing a closed consignment
 * again answers it as it is.
 */
export async function closeConsignment(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  input: CloseInput,
): Promise<ConsignmentDetail> {
  const reason = text(input.reason);
  if (input.force === true && reason === null) {
    throw invalid('reason', 'A forced close needs a reason: say why the unit leaves incomplete.');
  }
  if (input.force !== true && reason !== null) {
    throw invalid('reason', 'A reason is given only with force: true.');
  }
  return transact(ctx, async (tx) => {
    const row = await rowOf(tx.trx, factoryId, id);
    if (row.status === 'closed') return detailOf(tx.trx, row);
    assertOpen(row);
    const before = await detailOf(tx.trx, row);
    if (before.incomplete_units.length > 0 && input.force !== true) {
      const errors = before.incomplete_units.map((u) => ({
        code: 'unit_incomplete',
        message: `Order ${u.order_no} unit ${u.unit_no}: ${u.pieces_loaded} of ${u.pieces_loaded + u.pieces_to_load} pieces loaded.`,
      }));
      throw new AppError('unit_incomplete', {
        message: `Not closed: ${errors.map((e) => e.message).join(' ')} Load the rest, or close with force and a reason.`,
        errors,
      });
    }
    await store.updateConsignment(tx.trx, factoryId, id, {
      status: 'closed',
      close_reason: input.force === true ? reason : null,
      closed_at: tx.nowIso,
      updated_at: tx.nowIso,
    });
    const closed = await detailOf(tx.trx, await rowOf(tx.trx, factoryId, id));
    tx.emit(factoryId, 'consignment.closed', closedEventData(closed));
    await printClosedConsignment(tx, factoryId, {
      consignmentId: id,
      handlingUnits: closed.handling_units.length,
    });
    return closed;
  });
}

/** `consignment.closed`: the consignment and what left on it, order by order, piece by piece. */
function closedEventData(detail: ConsignmentDetail) {
  const { orders, incomplete_units: _incomplete, ...head } = detail;
  return {
    ...head,
    orders: orders
      .filter((o) => o.pieces_loaded > 0)
      .map((o) => ({
        id: o.id,
        order_no: o.order_no,
        pieces: o.units.flatMap((u) =>
          u.pieces
            .filter((p) => p.loaded)
            .map((p) => ({
              id: p.id,
              barcode: p.barcode,
              unit_no: u.unit_no,
              piece_no: p.piece_no,
              handling_unit_id: p.handling_unit_id,
            })),
        ),
      })),
  };
}

/**
 * POST /v1/consignments/{id}/cancel: only while nothing is loaded (409 `consignment_not_empty`).
 * Stations loading into it stop. Cancelling a cancelled one answers it as it is.
 */
export async function cancelConsignment(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<ConsignmentView> {
  return transact(ctx, async (tx) => {
    const row = await rowOf(tx.trx, factoryId, id);
    const contents = (await readContents(tx.trx, factoryId, [id])).get(id)!;
    if (row.status === 'cancelled') return toConsignmentView(row, contents);
    assertOpen(row);
    if (contents.loaded.size > 0) {
      throw new AppError('consignment_not_empty', {
        message: `${contents.loaded.size} pieces are loaded on this consignment, so it cannot be cancelled; close it instead.`,
      });
    }
    await store.updateConsignment(tx.trx, factoryId, id, {
      status: 'cancelled',
      cancelled_at: tx.nowIso,
      updated_at: tx.nowIso,
    });
    await store.clearStationsLoading(tx.trx, factoryId, id, tx.nowIso);
    const view = toConsignmentView(await rowOf(tx.trx, factoryId, id), contents);
    tx.emit(factoryId, 'consignment.cancelled', view);
    return view;
  });
}

/**
 * POST /v1/consignments/{id}/handling-units: a pallet or cage with a new SSCC, from the setting
 * `gs1_company_prefix` (else the restricted-circulation prefix).
 */
export async function addHandlingUnit(
  ctx: CoreContext,
  factoryId: string,
  consignmentId: string,
): Promise<HandlingUnitView> {
  return transact(ctx, async (tx) => {
    assertOpen(await rowOf(tx.trx, factoryId, consignmentId));
    const prefix = await store.gs1CompanyPrefixOf(tx.trx, factoryId);
    const serial = await store.nextHandlingUnitSerial(tx.trx, factoryId);
    if (serial >= ssccSerialCapacity(prefix ?? RESTRICTED_CIRCULATION_PREFIX)) {
      throw invalid('gs1_company_prefix', 'The GS1 company prefix has no SSCC serials left.');
    }
    const row = {
      id: newId('handlingUnit', tx.now),
      factory_id: factoryId,
      consignment_id: consignmentId,
      serial,
      sscc: makeSscc(prefix, serial),
      created_at: tx.nowIso,
    };
    await store.insertHandlingUnit(tx.trx, row);
    await store.updateConsignment(tx.trx, factoryId, consignmentId, { updated_at: tx.nowIso });
    return {
      id: row.id,
      object: 'handling_unit',
      consignment_id: consignmentId,
      sscc: row.sscc,
      pieces_loaded: 0,
      created_at: row.created_at,
    };
  });
}

/** An open consignment of the factory, for a station to load into: 404, or 409 when not open. */
export async function openConsignmentRow(
  tx: Tx,
  factoryId: string,
  id: string,
): Promise<store.ConsignmentRow> {
  const row = await store.consignmentOf(tx.trx, factoryId, id);
  if (!row) throw notFound('consignment', 'consignment_id', id);
  assertOpen(row);
  return row;
}
