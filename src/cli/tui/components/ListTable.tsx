import { Text } from 'ink';
import { useEffect } from 'react';
import { errorLine } from '../format.js';
import type { ListResource } from '../hooks/use-list.js';
import { Table } from './Table.js';
import type { TableProps, TableRow } from './Table.js';

export interface ListTableProps<T> extends Omit<TableProps, 'rows' | 'more'> {
  list: ListResource<T>;
  /** What the rows are, for the line shown when they cannot be loaded: "stations". */
  noun: string;
  row: (item: T) => TableRow;
}

/**
 * A list read from the server as a table: its load error if nothing could be read, else the
 * rows read so far. The count says when the server has more, and selecting the last row reads
 * the next page.
 */
export function ListTable<T>({ list, noun, row, selected, empty, ...table }: ListTableProps<T>) {
  const { rows, hasMore, more } = list;
  const current = Math.min(selected, Math.max(0, rows.length - 1));
  useEffect(() => {
    if (hasMore && current >= rows.length - 1) more();
  }, [hasMore, current, rows.length, more]);
  if (list.data === undefined && list.error) {
    return <Text>{`Could not load the ${noun}: ${errorLine(list.error)}`}</Text>;
  }
  return (
    <Table
      {...table}
      rows={rows.map(row)}
      selected={current}
      empty={list.loading ? 'loading…' : empty}
      more={list.loadingMore ? 'loading' : hasMore ? 'ready' : undefined}
    />
  );
}
