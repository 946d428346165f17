import { usePortalT } from '../portal-i18n.js';

/** "Made 3 of 10" as a bar and in words; the words are also the bar's accessible name. */
export function PieceProgress({
  label,
  done,
  total,
}: {
  label: string;
  done: number;
  total: number;
}) {
  const { t } = usePortalT();
  const words = t('progress.words', { label, done, total });
  return (
    <div className="piece-progress">
      <span className="piece-progress-label">{label}</span>
      <progress value={done} max={Math.max(total, 1)} aria-label={words} />
      <span className="piece-progress-count">{t('progress.count', { done, total })}</span>
    </div>
  );
}

interface Counts {
  pieces_total: number;
  /** Pieces made (a piece's first accepted scan is its produce scan). */
  pieces_scanned: number;
  pieces_in_stock: number;
  pieces_dispatched: number;
}

/** An order's or a line's pieces made and dispatched of the total (and ready, when asked). */
export function PiecesProgress({ of, ready = false }: { of: Counts; ready?: boolean }) {
  const { t } = usePortalT();
  return (
    <>
      <PieceProgress label={t('progress.made')} done={of.pieces_scanned} total={of.pieces_total} />
      {ready && (
        <PieceProgress
          label={t('progress.ready')}
          done={of.pieces_in_stock}
          total={of.pieces_total}
        />
      )}
      <PieceProgress
        label={t('progress.dispatched')}
        done={of.pieces_dispatched}
        total={of.pieces_total}
      />
    </>
  );
}
