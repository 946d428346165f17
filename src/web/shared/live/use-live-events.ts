import { useEffect, useRef, useState } from 'react';
import { useApi } from '../api/api-context.js';
import { SseFrames, type LiveEvent } from './sse-frames.js';

export type { LiveEvent } from './sse-frames.js';

/** `open`: events flow; `connecting`: the first connection; `down`: lost, trying again. */
export type LiveState = 'connecting' | 'open' | 'down';

/** Waits between reconnection attempts: quick at first, then every 10 s at most. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

/**
 * Follows the server's event stream (GET /v1/events/stream) with the face's session, for as long
 * as the component is mounted: each event goes to `onEvent`; a dropped connection is opened
 * again after the last event seen (Last-Event-ID), so nothing is missed. `onReconnect` is called
 * each time it is back after being down. Returns the connection's state, for a banner.
 */
export function useLiveEvents(
  onEvent: (event: LiveEvent) => void,
  options: { types?: readonly string[]; onReconnect?: () => void } = {},
): LiveState {
  const api = useApi();
  const [state, setState] = useState<LiveState>('connecting');
  const handlers = useRef({ onEvent, onReconnect: options.onReconnect });
  handlers.current = { onEvent, onReconnect: options.onReconnect };
  const types = options.types?.join(',') ?? '';

  useEffect(() => {
    const abort = new AbortController();
    let lastEventId: string | null = null;
    let wasDown = false;
    let attempt = 0;
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        abort.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });

    const follow = async () => {
      while (!abort.signal.aborted) {
        try {
          const { data, response } = await api.GET('/v1/events/stream', {
            params: { query: types ? { types } : {} },
            headers: lastEventId ? { 'last-event-id': lastEventId } : {},
            parseAs: 'stream',
            signal: abort.signal,
          });
          if (response.ok && data) {
            attempt = 0;
            setState('open');
            if (wasDown) handlers.current.onReconnect?.();
            wasDown = false;
            const frames = new SseFrames();
            const decoder = new TextDecoder();
            const reader = (data as ReadableStream<Uint8Array>).getReader();
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              for (const event of frames.push(decoder.decode(value, { stream: true }))) {
                lastEventId = event.id;
                handlers.current.onEvent(event);
              }
            }
          }
        } catch {
          // The connection failed or dropped: try again below.
        }
        if (abort.signal.aborted) return;
        wasDown = true;
        setState('down');
        await wait(RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]!);
      }
    };
    void follow();
    return () => abort.abort();
  }, [api, types]);

  return state;
}
