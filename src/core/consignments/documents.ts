import type {
  DeliveryNoteContent,
  DeliveryNoteOrder,
  SsccLabelContent,
} from '../../domain/consignment-documents.js';
import { AppError } from '../../domain/errors.js';
import { formatSscc } from '../../domain/sscc.js';
import {
  deliveryNoteParties,
  gs1CompanyPrefixOf,
} from '../../store/consignments/consignments.repository.js';
import { retailerById } from '../../store/retailers/retailers.repository.js';
import type { CoreContext } from '../context.js';
import { getConsignment } from './consignments.js';

/**
 * What a consignment's delivery note says: its head, the factory and the retailer, and each
 * order's loaded units and pieces (with the SSCC each piece went on). Rendered by
 * src/labels/delivery-note.ts; printed by whoever asks (GET …/delivery-note, a print rule).
 */
export async function deliveryNoteOf(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  retailerId?: string,
): Promise<DeliveryNoteContent> {
  const detail = await getConsignment(ctx, factoryId, id, retailerId);
  const party = await deliveryNoteParties(ctx.db, factoryId);
  const retailer = await retailerById(ctx.db, factoryId, detail.retailer_id);
  const sscc = new Map(detail.handling_units.map((u) => [u.id, u.sscc]));
  let units = 0;
  const orders: DeliveryNoteOrder[] = [];
  for (const order of detail.orders) {
    const loadedUnits = order.units
      .map((unit) => ({
        unit_no: unit.unit_no,
        sku: unit.sku,
        colour: unit.colour,
        pieces: unit.pieces
          .filter((p) => p.loaded)
          .map((p) => ({
            barcode: p.barcode,
            piece_no: p.piece_no,
            piece_name: p.piece_name,
            sscc: p.handling_unit_id === null ? null : (sscc.get(p.handling_unit_id) ?? null),
          })),
      }))
      .filter((unit) => unit.pieces.length > 0);
    units += loadedUnits.length;
    orders.push({
      order_no: order.order_no,
      pieces_loaded: order.pieces_loaded,
      pieces_total: order.units.reduce((n, u) => n + u.pieces.length, 0),
      units: loadedUnits,
    });
  }
  return {
    number: detail.number,
    status: detail.status,
    date: detail.closed_at ?? detail.created_at,
    reference: detail.reference,
    carrier: detail.carrier,
    vehicle: detail.vehicle,
    notes: detail.notes,
    from: {
      name: party.legal_name || party.company,
      address: party.address.filter((line): line is string => !!line),
      phone: party.phone,
      vat_number: party.vat_number,
    },
    to: {
      name: detail.retailer_name,
      code: detail.retailer_code,
      address: [
        retailer?.address_line1,
        retailer?.address_line2,
        retailer?.address_town,
        retailer?.address_postcode,
        retailer?.address_country,
      ].filter((line): line is string => !!line),
    },
    orders,
    pieces_loaded: detail.pieces_loaded,
    units_loaded: units,
    handling_units: detail.handling_units.map((u) => ({ sscc: u.sscc, pieces: u.pieces_loaded })),
    close_reason: detail.close_reason,
  };
}

/** The SSCC labels of a consignment's handling units, in the order they were added. */
export async function ssccLabelsOf(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<SsccLabelContent[]> {
  const detail = await getConsignment(ctx, factoryId, id);
  if (detail.handling_units.length === 0) {
    throw new AppError('no_labels_to_print', {
      message: `Consignment ${detail.number} has no handling units: add one (POST /v1/consignments/{id}/handling-units) first.`,
    });
  }
  const prefix = await gs1CompanyPrefixOf(ctx.db, factoryId);
  const party = await deliveryNoteParties(ctx.db, factoryId);
  return detail.handling_units.map((unit, i) => ({
    sscc: unit.sscc,
    sscc_text: formatSscc(unit.sscc, prefix),
    consignment_number: detail.number,
    unit_no: i + 1,
    units_total: detail.handling_units.length,
    from_name: party.company || party.legal_name,
    retailer_name: detail.retailer_name,
    retailer_code: detail.retailer_code,
    reference: detail.reference,
    carrier: detail.carrier,
    pieces: unit.pieces_loaded,
  }));
}
