/**
 * Keyset paging: the API pages forward with a cursor, so a list offers its first page, the
 * page before and the next one.
 */
export function Pager({
  page,
  hasMore,
  onFirst,
  onPrevious,
  onNext,
  label = 'Pages',
}: {
  /** 1 for the first page. */
  page: number;
  hasMore: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  label?: string;
}) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="secondary" disabled={page === 1} onClick={onFirst}>
        First page
      </button>
      <button type="button" className="secondary" disabled={page === 1} onClick={onPrevious}>
        Previous
      </button>
      <span className="pager-page">Page {page}</span>
      <button type="button" className="secondary" disabled={!hasMore} onClick={onNext}>
        Next
      </button>
    </nav>
  );
}
