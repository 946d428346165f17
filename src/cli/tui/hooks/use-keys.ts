import type { Key } from 'ink';
import { createContext, useContext, useLayoutEffect } from 'react';
import type { RefObject } from 'react';

export type KeyHandler = (input: string, key: Key) => void;

/** Where the app's one input listener finds the handler of the screen that has the keyboard. */
export const KeyRouterContext = createContext<RefObject<KeyHandler | undefined> | undefined>(
  undefined,
);

/**
 * Gives the keyboard to `handler` while `active`. The handler is installed as each render is
 * committed, before the next key can arrive, so keys typed (or pasted, or sent by a script)
 * right after a screen changes reach the screen as it now is, and none is lost.
 */
export function useKeys(handler: KeyHandler, active: boolean): void {
  const router = useContext(KeyRouterContext);
  useLayoutEffect(() => {
    if (active && router) router.current = handler;
  });
}
