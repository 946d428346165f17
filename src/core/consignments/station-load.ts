import { formatConsignmentNumber } from '../../domain/consignment-number.js';
import { consignmentProgress } from '../../domain/consignment-progress.js';
import { consignmentOf, stationLoadOf } from '../../store/consignments/consignments.repository.js';
import type { CoreContext } from '../context.js';
import { readContents } from './consignment-view.js';

/** A unit with some but not all of its pieces loaded, as a station's screen names it. */
export interface StationIncompleteUnit {
  order_no: string;
  unit_no: number;
  pieces_loaded: number;
  pieces_to_load: number;
}

/** GET /v1/stations/me/consignment: what a dispatch station loads into, counted now. */
export interface StationLoadView {
  object: 'station_load';
  consignment: {
    id: string;
    /** `CN 000012`. */
    number: string;
    retailer_name: string;
    open: boolean;
    handling_unit: { id: string; sscc: string } | null;
    pieces_loaded: number;
    pieces_to_load: number;
    /** Units with some but not all of their pieces loaded, by order number then unit. */
    incomplete_units: StationIncompleteUnit[];
  } | null;
}

/**
 * What the calling station loads into, with the consignment's progress counted from the scan
 * ledger at this moment (every station's loads, not only this one's). The station page asks it
 * after a dispatch verdict is on screen, never before: the scan's own answer stays as cheap as a
 * plain dispatch scan's (DESIGN §10). A station token learns no more of an order than its labels
 * say: order numbers and unit numbers.
 */
export async function stationLoad(
  ctx: CoreContext,
  factoryId: string,
  stationId: string,
): Promise<StationLoadView> {
  const load = await stationLoadOf(ctx.db, factoryId, stationId);
  if (!load?.consignment_id) return { object: 'station_load', consignment: null };
  const row = await consignmentOf(ctx.db, factoryId, load.consignment_id);
  if (!row) return { object: 'station_load', consignment: null };
  const contents = (await readContents(ctx.db, factoryId, [row.id])).get(row.id)!;
  const progress = consignmentProgress(contents.pieces, new Set(contents.loaded.keys()));
  const orderNo = new Map(contents.pieces.map((p) => [p.order_id, p.order_no]));
  const incomplete = progress.incomplete_units
    .map((u) => ({
      order_no: orderNo.get(u.order_id) ?? '',
      unit_no: u.unit_no,
      pieces_loaded: u.pieces_loaded,
      pieces_to_load: u.pieces_to_load,
    }))
    .sort((a, b) => a.order_no.localeCompare(b.order_no) || a.unit_no - b.unit_no);
  return {
    object: 'station_load',
    consignment: {
      id: row.id,
      number: formatConsignmentNumber(row.number),
      retailer_name: row.retailer_name,
      open: row.status === 'open',
      handling_unit:
        load.handling_unit_id !== null && load.sscc !== null
          ? { id: load.handling_unit_id, sscc: load.sscc }
          : null,
      pieces_loaded: progress.pieces_loaded,
      pieces_to_load: progress.pieces_to_load,
      incomplete_units: incomplete,
    },
  };
}
