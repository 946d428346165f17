import { useCallback } from 'react';
import type { LoadedList } from '../tui-api.js';
import { useLiveState } from './use-live-state.js';
import { useResource } from './use-resource.js';
import type { Resource, ResourceOptions } from './use-resource.js';

export interface ListResource<T> extends Resource<LoadedList<T>> {
  /** The rows read so far (none before the first answer). */
  rows: T[];
  /** The server has rows beyond these. */
  hasMore: boolean;
  /** The next page is asked for and not yet here. */
  loadingMore: boolean;
  /** Reads one page more (once the pages asked for are in); each refresh rereads them all. */
  more(): void;
}

/**
 * A list endpoint read page by page: the first page when the tab shows, one more each time
 * `more()` is called, and every page read so far on each refresh, so the list keeps its length.
 */
export function useList<T>(
  load: (pages: number) => Promise<LoadedList<T>>,
  options: ResourceOptions,
): ListResource<T> {
  const [pages, setPages, getPages] = useLiveState(1);
  const resource = useResource(() => load(getPages()), options);
  const { data, refresh } = resource;
  const more = useCallback(() => {
    if (!data?.hasMore || data.pages < getPages()) return;
    setPages(data.pages + 1);
    refresh();
  }, [data, getPages, setPages, refresh]);
  return {
    ...resource,
    rows: data?.rows ?? [],
    hasMore: data?.hasMore ?? false,
    loadingMore: data !== undefined && data.pages < pages,
    more,
  };
}
