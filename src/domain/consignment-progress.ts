import type { PieceStatus } from './order-status.js';

/**
 * How far a consignment's loading has got (DESIGN §15). Its orders are those with a piece loaded
 * on it; a piece of them is loaded (an accepted scan put it on this consignment), still to load
 * (not dispatched, returned, written off or cancelled: it can still go on the truck), or neither
 * (it left on another consignment, or will never leave).
 *
 * A unit (a sofa of three pieces) is incomplete while some of its pieces are loaded and another
 * is still to load: a sofa leaves whole or not at all.
 */
export interface ProgressPiece {
  id: string;
  order_id: string;
  unit_no: number;
  status: PieceStatus;
}

export interface IncompleteUnit {
  order_id: string;
  unit_no: number;
  pieces_loaded: number;
  pieces_to_load: number;
}

export interface ConsignmentProgress {
  pieces_loaded: number;
  pieces_to_load: number;
  units_complete: number;
  incomplete_units: IncompleteUnit[];
}

const LOADABLE: ReadonlySet<PieceStatus> = new Set(['awaiting_production', 'produced', 'in_stock']);

export function isStillToLoad(status: PieceStatus): boolean {
  return LOADABLE.has(status);
}

export function consignmentProgress(
  pieces: readonly ProgressPiece[],
  loaded: ReadonlySet<string>,
): ConsignmentProgress {
  const units = new Map<string, IncompleteUnit>();
  let piecesLoaded = 0;
  let piecesToLoad = 0;
  for (const piece of pieces) {
    const key = `${piece.order_id} ${piece.unit_no}`;
    let unit = units.get(key);
    if (!unit) {
      unit = {
        order_id: piece.order_id,
        unit_no: piece.unit_no,
        pieces_loaded: 0,
        pieces_to_load: 0,
      };
      units.set(key, unit);
    }
    if (loaded.has(piece.id)) {
      piecesLoaded++;
      unit.pieces_loaded++;
    } else if (isStillToLoad(piece.status)) {
      piecesToLoad++;
      unit.pieces_to_load++;
    }
  }
  const incomplete: IncompleteUnit[] = [];
  let complete = 0;
  for (const unit of units.values()) {
    if (unit.pieces_loaded === 0) continue;
    if (unit.pieces_to_load > 0) incomplete.push(unit);
    else complete++;
  }
  return {
    pieces_loaded: piecesLoaded,
    pieces_to_load: piecesToLoad,
    units_complete: complete,
    incomplete_units: incomplete,
  };
}
