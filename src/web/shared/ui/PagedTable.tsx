import type { ReactNode } from 'react';
import type { KeysetPages } from '../query/use-keyset-pages.js';
import { ListPager } from './Pager.js';

/** A page of a list, as the API answers it. */
export interface ListPage<T> {
  data: T[];
  has_more: boolean;
  next_cursor?: string | null | undefined;
}

/**
 * One page of a list as a table, what to show when the list is empty, and the keyset pager
 * below (`useKeysetPages`); nothing until the page has loaded. `head` is the header row's cells;
 * `row` draws one item's row, with its key.
 */
export function PagedTable<T>({
  list,
  pages,
  label,
  empty,
  head,
  row,
}: {
  list: ListPage<T> | undefined;
  pages: KeysetPages;
  /** The pager's name for screen readers: "Station pages". */
  label: string;
  /** Shown for an empty first page (a later page can be empty when rows went meanwhile). */
  empty?: ReactNode;
  head: ReactNode;
  row: (item: T) => ReactNode;
}) {
  if (!list) return null;
  return (
    <>
      {list.data.length === 0 && pages.page === 1 && empty}
      {list.data.length > 0 && (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>{head}</tr>
            </thead>
            <tbody>{list.data.map((item) => row(item))}</tbody>
          </table>
        </div>
      )}
      <ListPager label={label} pages={pages} list={list} />
    </>
  );
}
