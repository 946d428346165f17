import { useState } from 'react';
import { OrderStatusBadge, PieceStatusBadge } from '../../shared/orders/OrderStatusBadge.js';
import { PiecesProgress } from '../ui/PieceProgress.js';
import { formatDay } from '../../shared/format.js';
import {
  RETAILER_ORDER_STATUS,
  RETAILER_PIECE_STATUS,
  type PortalOrder,
  type PortalOrderLine,
  type PortalPiece,
} from './order-types.js';

const itemOf = (line: PortalOrderLine) => (line.colour ? `${line.sku} ${line.colour}` : line.sku);

/** The order's lines, each with its progress, its pieces by state, and (opened) its pieces. */
export function OrderLines({ order }: { order: PortalOrder }) {
  return (
    <section aria-labelledby="lines-title">
      <h2 id="lines-title">Lines</h2>
      <ol className="order-lines" aria-labelledby="lines-title">
        {order.lines.map((line) => (
          <li key={line.line_no} className="card order-line">
            <div className="order-line-head">
              <h3>
                {itemOf(line)}{' '}
                <span className="muted">
                  × {line.qty}
                  {line.pieces_per_unit > 1 && `, ${line.pieces_per_unit} pieces each`}
                </span>
              </h3>
              <OrderStatusBadge status={line.status} words={RETAILER_ORDER_STATUS} />
            </div>
            <div className="order-line-progress">
              <PiecesProgress of={line} />
            </div>
            <div
              className="piece-summary"
              role="group"
              aria-label={`Pieces of ${itemOf(line)} by state`}
            >
              {line.piece_counts.map((c) => (
                <PieceStatusBadge
                  key={c.status}
                  status={c.status}
                  count={c.count}
                  words={RETAILER_PIECE_STATUS}
                />
              ))}
            </div>
            <LinePieces
              item={itemOf(line)}
              pieces={order.pieces.filter((p) => p.line_no === line.line_no)}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The latest thing that happened to a piece, as a day. */
function lastChange(piece: PortalPiece): string {
  return formatDay(piece.dispatched_at ?? piece.in_stock_at ?? piece.produced_at);
}

/** A line's pieces, listed only when asked for: an order may have thousands. */
function LinePieces({ item, pieces }: { item: string; pieces: PortalPiece[] }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="line-pieces" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        Show the {pieces.length} piece{pieces.length === 1 ? '' : 's'}
      </summary>
      {open && (
        <div className="table-wrap">
          <table className="data-table pieces-table">
            <caption className="visually-hidden">Pieces of {item}</caption>
            <thead>
              <tr>
                <th scope="col">Unit</th>
                <th scope="col">Piece</th>
                <th scope="col">Barcode</th>
                <th scope="col">State</th>
                <th scope="col">Since</th>
              </tr>
            </thead>
            <tbody>
              {pieces.map((p) => (
                <tr key={p.id}>
                  <td data-label="Unit">{p.unit_no}</td>
                  <td data-label="Piece">{p.piece_name ?? `Piece ${p.piece_no}`}</td>
                  <td data-label="Barcode" className="barcode">
                    {p.barcode}
                  </td>
                  <td data-label="State">{RETAILER_PIECE_STATUS[p.status]}</td>
                  <td data-label="Since">{lastChange(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
