import { useState } from 'react';

/**
 * Where a list is in its keyset pages when the cursor is not kept in the URL: the cursor of the
 * page shown, and the cursors of the pages before it, so Previous knows the way back.
 */
export type KeysetPages = ReturnType<typeof useKeysetPages>;

export function useKeysetPages() {
  const [trail, setTrail] = useState<string[]>([]);
  const cursor = trail.at(-1);
  return {
    /** `starting_after` for the page shown (undefined: the first page). */
    cursor,
    page: trail.length + 1,
    next: (nextCursor: string) => setTrail((t) => [...t, nextCursor]),
    previous: () => setTrail((t) => t.slice(0, -1)),
    first: () => setTrail([]),
  };
}
