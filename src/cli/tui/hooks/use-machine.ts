import { useCallback, useRef } from 'react';
import { useLiveState } from './use-live-state.js';
import type { StatusKind, StatusMessage } from './use-action.js';

/** What a screen's reducer answers: the next state and, at most, one thing to do. */
export interface Step<S, E> {
  state: S;
  effect?: E | undefined;
}

export type Reducer<S, A, E> = (state: S, action: A) => Step<S, E>;

/**
 * A screen's state machine: `dispatch` runs the pure reducer on the latest state at once (keys
 * arriving in one chunk each see what the one before did), keeps the new state and hands the
 * effect, if any, to `perform` (a call to the server, a status line).
 */
export function useMachine<S, A, E>(
  reduce: Reducer<S, A, E>,
  initial: S,
  perform: (effect: E) => void,
): [S, (action: A) => void, () => S] {
  const [state, setState, getState] = useLiveState(initial);
  const performRef = useRef(perform);
  performRef.current = perform;
  const dispatch = useCallback(
    (action: A) => {
      const step = reduce(getState(), action);
      setState(step.state);
      if (step.effect !== undefined) performRef.current(step.effect);
    },
    [reduce, getState, setState],
  );
  return [state, dispatch, getState];
}

/** An effect every screen has: a line on the status bar, e.g. why a key does nothing here. */
export interface Notice {
  kind: 'notice';
  /** Undefined clears the line. */
  status: StatusMessage | undefined;
}

export function notice(kind: StatusKind, text: string): Notice {
  return { kind: 'notice', status: { kind, text } };
}
