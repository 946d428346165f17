import { useCallback, useEffect, useRef, useState } from 'react';
import { backoff, isTransient, isUnauthorized } from '../format.js';

export interface ResourceOptions {
  /** Load and keep refreshing only while true. */
  active: boolean;
  /** Refresh this often after a success; no periodic refresh when undefined. */
  intervalMs?: number | undefined;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Called when the server answers 401: the key was revoked or the session ended. */
  onUnauthorized?: ((error: unknown) => void) | undefined;
}

export interface Resource<T> {
  data: T | undefined;
  /** The last failure, cleared by the next success. */
  error: unknown;
  /** The server could not be reached (or answered 5xx) and a retry is scheduled. */
  reconnecting: boolean;
  loading: boolean;
  /** Loads again now (after a change the user made). */
  refresh(): void;
  /** Shows what the server answered to a change at once, ahead of the next load. */
  show(value: T): void;
}

/**
 * Loads data and keeps it fresh: once when it becomes active, every `intervalMs` after that,
 * and on `refresh()`. A lost connection keeps the last data on screen, flags `reconnecting` and
 * retries with a doubling delay until the server answers again.
 */
export function useResource<T>(load: () => Promise<T>, options: ResourceOptions): Resource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [reconnecting, setReconnecting] = useState(false);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const unauthorizedRef = useRef(options.onUnauthorized);
  unauthorizedRef.current = options.onUnauthorized;
  const { active, intervalMs, retryBaseMs, retryMaxMs } = options;

  useEffect(() => {
    if (!active) return undefined;
    let cancelled = false;
    let timer: NodeJS.Timeout | undefined;
    let failures = 0;
    const schedule = (ms: number | undefined) => {
      if (ms !== undefined && !cancelled) timer = setTimeout(() => void attempt(), ms);
    };
    const attempt = async () => {
      try {
        const value = await loadRef.current();
        if (cancelled) return;
        failures = 0;
        setData(value);
        setError(undefined);
        setReconnecting(false);
        setLoading(false);
        schedule(intervalMs);
      } catch (failure) {
        if (cancelled) return;
        setError(failure);
        setLoading(false);
        if (isTransient(failure)) {
          failures += 1;
          setReconnecting(true);
          schedule(backoff(failures, retryBaseMs, retryMaxMs));
          return;
        }
        setReconnecting(false);
        if (isUnauthorized(failure)) {
          unauthorizedRef.current?.(failure);
          return;
        }
        schedule(intervalMs);
      }
    };
    void attempt();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [active, intervalMs, retryBaseMs, retryMaxMs, generation]);

  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  return { data, error, reconnecting, loading, refresh, show: setData };
}
