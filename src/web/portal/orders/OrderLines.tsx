import { useState } from 'react';
import { OrderStatusBadge, PieceStatusBadge } from '../../shared/orders/OrderStatusBadge.js';
import { PiecesProgress } from '../ui/PieceProgress.js';
import { formatDay } from '../../shared/format.js';
import { type PortalOrder, type PortalOrderLine, type PortalPiece } from './order-types.js';
import { usePortalT } from '../portal-i18n.js';

const itemOf = (line: PortalOrderLine) => (line.colour ? `${line.sku} ${line.colour}` : line.sku);

/** The order's lines, each with its progress, its pieces by state, and (opened) its pieces. */
export function OrderLines({ order }: { order: PortalOrder }) {
  const { t, orderStatus, pieceStatus } = usePortalT();
  return (
    <section aria-labelledby="lines-title">
      <h2 id="lines-title">{t('order.lines')}</h2>
      <ol className="order-lines" aria-labelledby="lines-title">
        {order.lines.map((line) => (
          <li key={line.line_no} className="card order-line">
            <div className="order-line-head">
              <h3>
                {itemOf(line)}{' '}
                <span className="muted">
                  × {line.qty}
                  {line.pieces_per_unit > 1 && t('order.per_unit', { count: line.pieces_per_unit })}
                </span>
              </h3>
              <OrderStatusBadge status={line.status} words={orderStatus} />
            </div>
            <div className="order-line-progress">
              <PiecesProgress of={line} />
            </div>
            <div
              className="piece-summary"
              role="group"
              aria-label={t('order.line_by_state', { item: itemOf(line) })}
            >
              {line.piece_counts.map((c) => (
                <PieceStatusBadge
                  key={c.status}
                  status={c.status}
                  words={{
                    ...pieceStatus,
                    [c.status]: t('piece_count', { count: c.count, state: pieceStatus[c.status] }),
                  }}
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
  const { t, pieceStatus } = usePortalT();
  const [open, setOpen] = useState(false);
  return (
    <details className="line-pieces" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('order.show_pieces', { count: pieces.length })}</summary>
      {open && (
        <div className="table-wrap">
          <table className="data-table pieces-table">
            <caption className="visually-hidden">{t('order.pieces_of', { item })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('order.unit')}</th>
                <th scope="col">{t('order.piece')}</th>
                <th scope="col">{t('order.barcode')}</th>
                <th scope="col">{t('order.state')}</th>
                <th scope="col">{t('order.since')}</th>
              </tr>
            </thead>
            <tbody>
              {pieces.map((p) => (
                <tr key={p.id}>
                  <td data-label={t('order.unit')}>{p.unit_no}</td>
                  <td data-label={t('order.piece')}>
                    {p.piece_name ?? t('order.piece_n', { n: p.piece_no })}
                  </td>
                  <td data-label={t('order.barcode')} className="barcode">
                    {p.barcode}
                  </td>
                  <td data-label={t('order.state')}>{pieceStatus[p.status]}</td>
                  <td data-label={t('order.since')}>{lastChange(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
