import { Type, type Static } from '@sinclair/typebox';
import type { StationLoadView } from '../../core/consignments/station-load.js';
import type {
  ConsignmentDetail as CoreDetail,
  ConsignmentView as CoreView,
  HandlingUnitView as CoreUnit,
} from '../../core/consignments/consignment-view.js';
import { IsoDateTime, Nullable, Strict, StringEnum } from './common.js';
import { PieceStatusOut } from './orders.js';
import type { Assert, Same } from './same-shape.js';

/** Dispatch (DESIGN §15): consignments, their handling units and what was loaded on them. */

export const CONSIGNMENT_STATUSES = ['open', 'closed', 'cancelled'] as const;
export const ConsignmentStatus = StringEnum(CONSIGNMENT_STATUSES);
/** The `status` filter of the consignment lists. */
export const ConsignmentStatusFilter = StringEnum(CONSIGNMENT_STATUSES, {
  description: 'Consignments in this status only.',
});

const Text = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

export const ConsignmentCreate = Strict(
  {
    retailer_id: Type.String({ minLength: 1, maxLength: 64 }),
    reference: Text(100),
    carrier: Text(100),
    vehicle: Text(100),
    notes: Text(2000),
  },
  { $id: 'ConsignmentCreate' },
);

export const ConsignmentClose = Strict(
  {
    force: Type.Optional(Type.Boolean()),
    reason: Text(500),
  },
  { $id: 'ConsignmentCloseRequest' },
);

export const Consignment = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('consignment'),
    number: Type.String({ description: '`CN ` + six digits: the barcode on its load sheet.' }),
    status: ConsignmentStatus,
    retailer_id: Type.String(),
    retailer_name: Type.String(),
    retailer_code: Type.String(),
    reference: Nullable(Type.String()),
    carrier: Nullable(Type.String()),
    vehicle: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    close_reason: Nullable(Type.String()),
    closed_at: Nullable(IsoDateTime),
    cancelled_at: Nullable(IsoDateTime),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
    orders_count: Type.Integer(),
    pieces_loaded: Type.Integer(),
    pieces_to_load: Type.Integer(),
    units_complete: Type.Integer(),
    units_incomplete: Type.Integer(),
  },
  { $id: 'Consignment' },
);

export const HandlingUnit = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('handling_unit'),
    consignment_id: Type.String(),
    sscc: Type.String({
      description: '18 digits: extension digit, company prefix, serial, check digit.',
    }),
    pieces_loaded: Type.Integer(),
    created_at: IsoDateTime,
  },
  { $id: 'HandlingUnit' },
);

const ConsignmentPiece = Type.Object({
  id: Type.String(),
  barcode: Type.String(),
  piece_no: Type.Integer(),
  piece_name: Nullable(Type.String()),
  status: PieceStatusOut,
  loaded: Type.Boolean(),
  loaded_at: Nullable(IsoDateTime),
  handling_unit_id: Nullable(Type.String()),
});

const ConsignmentUnit = Type.Object({
  unit_no: Type.Integer(),
  sku: Type.String(),
  colour: Nullable(Type.String()),
  complete: Type.Boolean(),
  pieces: Type.Array(ConsignmentPiece),
});

const ConsignmentOrder = Type.Object({
  id: Type.String(),
  order_no: Type.String(),
  status: Type.String(),
  pieces_loaded: Type.Integer(),
  pieces_to_load: Type.Integer(),
  units: Type.Array(ConsignmentUnit),
});

const IncompleteUnit = Type.Object({
  order_id: Type.String(),
  order_no: Type.String(),
  unit_no: Type.Integer(),
  pieces_loaded: Type.Integer(),
  pieces_to_load: Type.Integer(),
});

export const ConsignmentDetail = Type.Composite(
  [
    Consignment,
    Type.Object({
      handling_units: Type.Array(HandlingUnit),
      incomplete_units: Type.Array(IncompleteUnit),
      orders: Type.Array(ConsignmentOrder),
    }),
  ],
  { $id: 'ConsignmentDetail' },
);

/** GET /v1/stations/me/consignment: what a dispatch station loads into, counted now. */
export const StationLoad = Type.Object(
  {
    object: Type.Literal('station_load'),
    consignment: Nullable(
      Type.Object(
        {
          id: Type.String(),
          number: Type.String({ description: '`CN ` + six digits.' }),
          retailer_name: Type.String(),
          open: Type.Boolean({ description: 'False once it is closed or cancelled.' }),
          handling_unit: Nullable(
            Type.Object(
              { id: Type.String(), sscc: Type.String() },
              {
                description:
                  'The pallet or cage its next pieces go on (the last SSCC label scanned).',
              },
            ),
          ),
          pieces_loaded: Type.Integer({ description: 'Pieces loaded on it, by every station.' }),
          pieces_to_load: Type.Integer({
            description: 'Pieces of its orders that could still go on it.',
          }),
          incomplete_units: Type.Array(
            Type.Object({
              order_no: Type.String(),
              unit_no: Type.Integer(),
              pieces_loaded: Type.Integer(),
              pieces_to_load: Type.Integer(),
            }),
            {
              description: 'Units with some but not all pieces loaded, by order number then unit.',
            },
          ),
        },
        { description: 'What the station loads into; null: no consignment.' },
      ),
    ),
  },
  {
    $id: 'StationLoad',
    examples: [
      {
        object: 'station_load',
        consignment: {
          id: 'cns_01JD5ZQ8X0000000000000000A',
          number: 'CN 000012',
          retailer_name: 'Northwind',
          open: true,
          handling_unit: null,
          pieces_loaded: 12,
          pieces_to_load: 28,
          incomplete_units: [{ order_no: 'PO-7', unit_no: 2, pieces_loaded: 1, pieces_to_load: 2 }],
        },
      },
    ],
  },
);

export type Consignment = Static<typeof Consignment>;
export type ConsignmentDetail = Static<typeof ConsignmentDetail>;
export type HandlingUnit = Static<typeof HandlingUnit>;

type _View = Assert<Same<Consignment, CoreView>>;
type _Detail = Assert<Same<ConsignmentDetail, CoreDetail>>;
type _Unit = Assert<Same<HandlingUnit, CoreUnit>>;
type _StationLoad = Assert<Same<Static<typeof StationLoad>, StationLoadView>>;
