import { useState } from 'react';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';

/**
 * A list shown by views (`ViewTabs`) in keyset pages: the view shown (`undefined`: all), its
 * pages, and `choose`, which shows another view from its first page.
 */
export function useViewPages<S extends string>(initial: S | undefined) {
  const [view, setView] = useState<S | undefined>(initial);
  const pages = useKeysetPages();
  const choose = (status: S | undefined) => {
    setView(status);
    pages.first();
  };
  return { view, pages, choose };
}
