import type { TFunction } from 'i18next';
import { Trans } from 'react-i18next';
import { useOrderWords } from '../order-words.js';
import type { Order, Piece, VoidedLabel } from './use-order.js';

interface LineGrid {
  lineNo: number;
  title: string;
  pieceNames: string[];
  /** Units of the line in order, each with its pieces by piece number. */
  units: { unitNo: number; pieces: (Piece | undefined)[] }[];
}

/** The pieces of each line as units (rows) × pieces (columns). */
export function gridOf(order: Order, t: TFunction<'staff'>): LineGrid[] {
  return order.lines.map((line, index) => {
    const lineNo = index + 1;
    const pieces = order.pieces.filter((p) => p.line_no === lineNo);
    const byUnit = new Map<number, (Piece | undefined)[]>();
    for (const piece of pieces) {
      const row = byUnit.get(piece.unit_no) ?? new Array<Piece | undefined>(line.pieces_per_unit);
      row[piece.piece_no - 1] = piece;
      byUnit.set(piece.unit_no, row);
    }
    return {
      lineNo,
      title: line.colour ? `${line.sku} ${line.colour}` : line.sku,
      pieceNames: Array.from(
        { length: line.pieces_per_unit },
        (_, i) => line.piece_names?.[i] ?? t('orders.grid.piece_n', { n: i + 1 }),
      ),
      units: [...byUnit.entries()]
        .sort(([a], [b]) => a - b)
        .map(([unitNo, row]) => ({ unitNo, pieces: row })),
    };
  });
}

/**
 * Every piece of the order, coloured by its status (with the status in words too), its barcode,
 * and a mark on pieces whose label was voided. A piece opens its dialog (print, void).
 */
export function PiecesGrid({
  order,
  voided,
  onPiece,
}: {
  order: Order;
  voided: VoidedLabel[];
  onPiece: (piece: Piece, name: string) => void;
}) {
  const { t, pieceStatus } = useOrderWords();
  const voidedByPiece = new Map<string, VoidedLabel[]>();
  for (const v of voided)
    voidedByPiece.set(v.piece_id, [...(voidedByPiece.get(v.piece_id) ?? []), v]);
  return (
    <div className="pieces">
      {gridOf(order, t).map((line) => (
        <div key={line.lineNo} className="table-wrap pieces-line">
          <table
            className="data-table pieces-grid"
            style={{ minWidth: `${4.5 + 10.5 * line.pieceNames.length}rem` }}
          >
            <caption>{t('orders.grid.line', { n: line.lineNo, title: line.title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.grid.unit')}</th>
                {line.pieceNames.map((name, i) => (
                  <th key={i} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {line.units.map((unit) => (
                <tr key={unit.unitNo}>
                  <th scope="row">{unit.unitNo}</th>
                  {unit.pieces.map((piece, i) => {
                    if (!piece) return <td key={i}>—</td>;
                    const relabelled = voidedByPiece.get(piece.id) ?? [];
                    const name = t('orders.grid.unit_piece', {
                      unit: unit.unitNo,
                      piece: line.pieceNames[i],
                    });
                    return (
                      <td key={piece.id}>
                        <button
                          type="button"
                          className={`piece-cell piece-${piece.status}`}
                          onClick={() => onPiece(piece, name)}
                        >
                          <span className="visually-hidden">{name}: </span>
                          <span className="piece-barcode">{piece.barcode}</span>{' '}
                          <span className="piece-state">
                            {pieceStatus[piece.status]}
                            {piece.location && (
                              <> · {t('orders.grid.bay', { bay: piece.location })}</>
                            )}
                          </span>
                          {relabelled.length > 0 && (
                            <>
                              {' '}
                              <span className="piece-voided">
                                <Trans
                                  t={t}
                                  i18nKey="orders.grid.relabelled"
                                  values={{ barcodes: relabelled.map((v) => v.barcode).join(', ') }}
                                  components={{ s: <s /> }}
                                />
                              </span>
                            </>
                          )}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
