import type { ApiResponse } from '../../shared/api/types.js';

/** An order in the retailer's list, as GET /v1/portal/orders answers it. */
export type PortalOrderItem = ApiResponse<'/v1/portal/orders', 'get'>['data'][number];
/** One order with its lines' progress and pieces, as GET /v1/portal/orders/{id} answers it. */
export type PortalOrder = ApiResponse<'/v1/portal/orders/{id}', 'get'>;
export type PortalOrderLine = PortalOrder['lines'][number];
export type PortalPiece = PortalOrder['pieces'][number];

export type { OrderStatus, PieceStatus } from '../../shared/orders/order-status.js';
export { RETAILER_ORDER_STATUS, RETAILER_PIECE_STATUS } from '../../../domain/retailer-words.js';
