import { useTranslation } from 'react-i18next';
import type { KeysetPages } from '../query/use-keyset-pages.js';

/**
 * Keyset paging controls: the API pages forward with a cursor, so a list offers the first page,
 * the page before (when it knows the way back) and the next one.
 */
export function Pager({
  page,
  hasMore,
  onFirst,
  onPrevious,
  onNext,
  label,
}: {
  /** 1 for the first page; null for a later page whose number is unknown (a bookmark). */
  page: number | null;
  hasMore: boolean;
  onFirst: () => void;
  /** Absent when the way back is unknown (a bookmarked later page): First page still works. */
  onPrevious?: (() => void) | undefined;
  onNext: () => void;
  label?: string;
}) {
  const { t } = useTranslation('common');
  const first = page === 1;
  if (first && !hasMore) return null;
  return (
    <nav className="pager" aria-label={label ?? t('ui.pager.label')}>
      <button type="button" className="secondary" disabled={first} onClick={onFirst}>
        {t('ui.pager.first')}
      </button>
      <button
        type="button"
        className="secondary"
        disabled={first || !onPrevious}
        onClick={onPrevious}
      >
        {t('ui.pager.previous')}
      </button>
      <span className="pager-page">
        {page === null ? t('ui.pager.later') : t('ui.pager.page', { page })}
      </span>
      <button type="button" className="secondary" disabled={!hasMore} onClick={onNext}>
        {t('ui.pager.next')}
      </button>
    </nav>
  );
}

/** The Pager of a list whose pages `useKeysetPages` keeps (nothing until the list has loaded). */
export function ListPager({
  label,
  pages,
  list,
}: {
  label: string;
  pages: KeysetPages;
  list: { has_more: boolean; next_cursor?: string | null | undefined } | undefined;
}) {
  if (!list) return null;
  return (
    <Pager
      label={label}
      page={pages.page}
      hasMore={list.has_more}
      onFirst={pages.first}
      onPrevious={pages.previous}
      onNext={() => list.next_cursor && pages.next(list.next_cursor)}
    />
  );
}
