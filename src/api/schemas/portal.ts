import { Type, type Static } from '@sinclair/typebox';
import { ORDER_STATUSES, PIECE_STATUSES } from '../../domain/order-status.js';
import { IsoDateTime, ListQuery, StringEnum } from './common.js';
import { Line, OrderListItem, Piece } from './orders.js';
import { RetailerUser } from './retailer-users.js';

const Retailer = Type.Object({ id: Type.String(), name: Type.String(), code: Type.String() });
const Factory = Type.Object({ id: Type.String(), name: Type.String() });

const PieceStatusOut = StringEnum(PIECE_STATUSES);
const PieceCount = Type.Object({ status: PieceStatusOut, count: Type.Integer() });

/**
 * An order as a retailer sees it: no `stuck` or `stuck_reason` (an internal alarm), no
 * `created_by` (the factory's staff and keys). docs/portal.md
 */
export const PortalOrderListItem = Type.Omit(
  OrderListItem,
  ['stuck', 'stuck_reason', 'created_by', 'at_risk'],
  { $id: 'PortalOrderSummary' },
);

export const PortalOrderLine = Type.Composite(
  [
    Line,
    Type.Object({
      line_no: Type.Integer(),
      status: StringEnum(ORDER_STATUSES),
      pieces_total: Type.Integer(),
      pieces_scanned: Type.Integer(),
      pieces_in_stock: Type.Integer(),
      pieces_dispatched: Type.Integer(),
      piece_counts: Type.Array(PieceCount),
    }),
  ],
  { $id: 'PortalOrderLine' },
);

/** Pieces without the floor's internals: no bay, no label printing. */
export const PortalPiece = Type.Omit(Piece, ['location', 'label_printed_at'], {
  $id: 'PortalPiece',
});

export const PortalOrder = Type.Composite(
  [
    Type.Omit(PortalOrderListItem, ['lines']),
    Type.Object({
      lines: Type.Array(PortalOrderLine),
      piece_counts: Type.Array(PieceCount),
      pieces: Type.Array(PortalPiece),
    }),
  ],
  { $id: 'PortalOrder' },
);

export const PortalFilters = {
  status: Type.Optional(StringEnum(ORDER_STATUSES, { description: 'Only orders in this status.' })),
  order_no: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Only the order with exactly this number.',
    }),
  ),
  order_no_contains: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Part of the order number; letters A-Z match in either case.',
    }),
  ),
  updated_since: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'Only orders changed at or after this time (inclusive).',
    }),
  ),
};
export const PortalFilterQuery = Type.Object(PortalFilters, { additionalProperties: false });
export const PortalListQuery = Type.Object(
  { ...ListQuery, ...PortalFilters },
  { additionalProperties: false },
);

export const PortalLoggedIn = Type.Object(
  {
    token: Type.String(),
    expires_at: IsoDateTime,
    user: RetailerUser,
    retailer: Retailer,
    factory: Factory,
  },
  { $id: 'PortalSession' },
);

/** GET /v1/portal/auth/me. */
export const PortalMe = Type.Object(
  {
    kind: Type.Literal('retailer'),
    factory: Factory,
    retailer: Retailer,
    user: RetailerUser,
    session: Type.Object({ id: Type.String(), expires_at: IsoDateTime }),
    permissions: Type.Array(Type.String()),
  },
  { $id: 'PortalCaller' },
);

export type PortalOrderListItem = Static<typeof PortalOrderListItem>;
export type PortalOrder = Static<typeof PortalOrder>;
export type PortalLoggedIn = Static<typeof PortalLoggedIn>;
export type PortalMe = Static<typeof PortalMe>;
