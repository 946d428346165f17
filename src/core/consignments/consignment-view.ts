import type { Kysely } from 'kysely';
import { formatConsignmentNumber } from '../../domain/consignment-number.js';
import { consignmentProgress, isStillToLoad } from '../../domain/consignment-progress.js';
import type { PieceStatus } from '../../domain/order-status.js';
import {
  handlingUnitsOf,
  loadedPieces,
  piecesOfOrders,
  type ConsignmentPieceRow,
  type ConsignmentRow,
  type LoadedPiece,
} from '../../store/consignments/consignments.repository.js';
import type { ConsignmentStatus, DB } from '../../store/schema.js';

/** A consignment as lists, events and the detail's head show it. */
export interface ConsignmentView {
  id: string;
  object: 'consignment';
  /** `CN 000012`: the barcode on its load sheet, scanned at a dispatch station to load into it. */
  number: string;
  status: ConsignmentStatus;
  retailer_id: string;
  retailer_name: string;
  retailer_code: string;
  reference: string | null;
  carrier: string | null;
  vehicle: string | null;
  notes: string | null;
  /** Why a close was forced past the unit check; null when it was not. */
  close_reason: string | null;
  closed_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
  /** Orders with at least one piece loaded. */
  orders_count: number;
  pieces_loaded: number;
  /** Pieces of its orders that could still go on it. */
  pieces_to_load: number;
  units_complete: number;
  units_incomplete: number;
}

export interface HandlingUnitView {
  id: string;
  object: 'handling_unit';
  consignment_id: string;
  sscc: string;
  pieces_loaded: number;
  created_at: string;
}

export interface ConsignmentPieceView {
  id: string;
  barcode: string;
  piece_no: number;
  piece_name: string | null;
  status: PieceStatus;
  loaded: boolean;
  loaded_at: string | null;
  handling_unit_id: string | null;
}

export interface ConsignmentUnitView {
  unit_no: number;
  sku: string;
  colour: string | null;
  /** Every piece that can leave is loaded (or none is: see `pieces`). */
  complete: boolean;
  pieces: ConsignmentPieceView[];
}

export interface ConsignmentOrderView {
  id: string;
  order_no: string;
  status: string;
  pieces_loaded: number;
  pieces_to_load: number;
  units: ConsignmentUnitView[];
}

export interface IncompleteUnitView {
  order_id: string;
  order_no: string;
  unit_no: number;
  pieces_loaded: number;
  pieces_to_load: number;
}

/** GET /v1/consignments/{id}: the head, its handling units, and its orders piece by piece. */
export interface ConsignmentDetail extends ConsignmentView {
  handling_units: HandlingUnitView[];
  incomplete_units: IncompleteUnitView[];
  orders: ConsignmentOrderView[];
}

/** What a consignment loaded and the pieces of its orders, read together. */
export interface ConsignmentContents {
  loaded: Map<string, LoadedPiece>;
  pieces: ConsignmentPieceRow[];
}

/** The contents of these consignments, by id. */
export async function readContents(
  db: Kysely<DB>,
  factoryId: string,
  ids: readonly string[],
): Promise<Map<string, ConsignmentContents>> {
  const loads = await loadedPieces(db, factoryId, ids);
  const byId = new Map<string, ConsignmentContents>(
    ids.map((id) => [id, { loaded: new Map(), pieces: [] }]),
  );
  for (const load of loads) {
    const loaded = byId.get(load.consignment_id)!.loaded;
    // The first scan that loaded it (a returned piece scanned on again stays once).
    if (!loaded.has(load.piece_id)) loaded.set(load.piece_id, load);
  }
  const orderIds = [...new Set(loads.map((l) => l.order_id))];
  const pieces = await piecesOfOrders(db, factoryId, orderIds);
  for (const contents of byId.values()) {
    const orders = new Set([...contents.loaded.values()].map((l) => l.order_id));
    contents.pieces = pieces.filter((p) => orders.has(p.order_id));
  }
  return byId;
}

export function toConsignmentView(
  row: ConsignmentRow,
  contents: ConsignmentContents,
): ConsignmentView {
  const progress = consignmentProgress(contents.pieces, new Set(contents.loaded.keys()));
  return {
    id: row.id,
    object: 'consignment',
    number: formatConsignmentNumber(row.number),
    status: row.status,
    retailer_id: row.retailer_id,
    retailer_name: row.retailer_name,
    retailer_code: row.retailer_code,
    reference: row.reference,
    carrier: row.carrier,
    vehicle: row.vehicle,
    notes: row.notes,
    close_reason: row.close_reason,
    closed_at: row.closed_at,
    cancelled_at: row.cancelled_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    orders_count: new Set(contents.pieces.map((p) => p.order_id)).size,
    pieces_loaded: progress.pieces_loaded,
    pieces_to_load: progress.pieces_to_load,
    units_complete: progress.units_complete,
    units_incomplete: progress.incomplete_units.length,
  };
}

export async function toConsignmentDetail(
  db: Kysely<DB>,
  row: ConsignmentRow,
  contents: ConsignmentContents,
): Promise<ConsignmentDetail> {
  const head = toConsignmentView(row, contents);
  const { loaded, pieces } = contents;
  const progress = consignmentProgress(pieces, new Set(loaded.keys()));
  const orderNo = new Map(pieces.map((p) => [p.order_id, p.order_no]));
  const units = await handlingUnitsOf(db, row.factory_id, row.id);
  const onUnit = new Map<string, number>();
  for (const load of loaded.values()) {
    if (load.handling_unit_id !== null) {
      onUnit.set(load.handling_unit_id, (onUnit.get(load.handling_unit_id) ?? 0) + 1);
    }
  }
  const incompleteKeys = new Set(
    progress.incomplete_units.map((u) => `${u.order_id} ${u.unit_no}`),
  );
  const orders: ConsignmentOrderView[] = [];
  for (const piece of pieces) {
    let order = orders[orders.length - 1];
    if (!order || order.id !== piece.order_id) {
      order = {
        id: piece.order_id,
        order_no: piece.order_no,
        status: piece.order_status,
        pieces_loaded: 0,
        pieces_to_load: 0,
        units: [],
      };
      orders.push(order);
    }
    let unit = order.units[order.units.length - 1];
    if (!unit || unit.unit_no !== piece.unit_no) {
      unit = {
        unit_no: piece.unit_no,
        sku: piece.sku,
        colour: piece.colour,
        complete: !incompleteKeys.has(`${piece.order_id} ${piece.unit_no}`),
        pieces: [],
      };
      order.units.push(unit);
    }
    const load = loaded.get(piece.id);
    if (load) order.pieces_loaded++;
    else if (isStillToLoad(piece.status)) {
      order.pieces_to_load++;
    }
    unit.pieces.push({
      id: piece.id,
      barcode: piece.barcode,
      piece_no: piece.piece_no,
      piece_name: piece.piece_name,
      status: piece.status,
      loaded: load !== undefined,
      loaded_at: load?.at ?? null,
      handling_unit_id: load?.handling_unit_id ?? null,
    });
  }
  return {
    ...head,
    handling_units: units.map((u) => ({
      id: u.id,
      object: 'handling_unit',
      consignment_id: u.consignment_id,
      sscc: u.sscc,
      pieces_loaded: onUnit.get(u.id) ?? 0,
      created_at: u.created_at,
    })),
    incomplete_units: progress.incomplete_units.map((u) => ({
      ...u,
      order_no: orderNo.get(u.order_id) ?? '',
    })),
    orders,
  };
}
