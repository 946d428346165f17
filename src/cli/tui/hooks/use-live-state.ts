import { useCallback, useRef, useState } from 'react';

export type LiveSetter<T> = (next: T | ((current: T) => T)) => void;

/**
 * State whose latest value can be read at once, before React renders it. Key handlers read
 * through `get`: several keys can arrive in one chunk (a paste, a barcode scanner ending with
 * Enter) and each must see what the previous one did.
 */
export function useLiveState<T>(initial: T): [T, LiveSetter<T>, () => T] {
  const [value, setValue] = useState(initial);
  const ref = useRef(initial);
  const set: LiveSetter<T> = useCallback((next) => {
    ref.current = typeof next === 'function' ? (next as (current: T) => T)(ref.current) : next;
    setValue(ref.current);
  }, []);
  const get = useCallback(() => ref.current, []);
  return [value, set, get];
}
