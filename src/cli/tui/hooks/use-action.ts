import { useCallback, useRef, useState } from 'react';
import { errorLine, isUnauthorized } from '../format.js';

export type StatusKind = 'error' | 'success' | 'info';

/** One line under the screen: what just happened, or what went wrong. */
export interface StatusMessage {
  kind: StatusKind;
  text: string;
}

export interface RunOptions<T> {
  /** The success line, from the answer. */
  success?: (value: T) => string;
  /** Return true when the error was shown elsewhere (inline next to a field). */
  onError?: (error: unknown) => boolean;
}

export interface Action {
  busy: boolean;
  /** Whether a change is under way right now (for key handlers, ahead of rendering). */
  isBusy(): boolean;
  status: StatusMessage | undefined;
  setStatus(status: StatusMessage | undefined): void;
  /** Runs one change against the server; resolves to `{ value }`, or undefined if it failed. */
  run<T>(work: () => Promise<T>, options?: RunOptions<T>): Promise<{ value: T } | undefined>;
}

/** State of the changes a screen makes: one at a time, with their outcome as a status line. */
export function useAction(onUnauthorized?: (error: unknown) => void): Action {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<StatusMessage | undefined>(undefined);
  const busyRef = useRef(false);
  const unauthorizedRef = useRef(onUnauthorized);
  unauthorizedRef.current = onUnauthorized;

  const run = useCallback(
    async <T>(
      work: () => Promise<T>,
      options: RunOptions<T> = {},
    ): Promise<{ value: T } | undefined> => {
      if (busyRef.current) return undefined;
      busyRef.current = true;
      setBusy(true);
      setStatus({ kind: 'info', text: 'working…' });
      try {
        const value = await work();
        setStatus(options.success ? { kind: 'success', text: options.success(value) } : undefined);
        return { value };
      } catch (error) {
        if (options.onError?.(error)) setStatus(undefined);
        else setStatus({ kind: 'error', text: errorLine(error) });
        if (isUnauthorized(error)) unauthorizedRef.current?.(error);
        return undefined;
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [],
  );

  const isBusy = useCallback(() => busyRef.current, []);
  return { busy, isBusy, status, setStatus, run };
}
