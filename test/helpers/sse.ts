import { waitUntil } from './wait.js';

/** One event of a Server-Sent Events stream, as a browser's EventSource sees it. */
export interface SseEvent {
  id: string | null;
  event: string | null;
  data: string;
}

/**
 * A Server-Sent Events client over fetch (a real HTTP connection): it parses frames as they
 * arrive and keeps them, with the comment lines (`: ping`), until closed.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  status = 0;
  ended = false;
  readonly #abort = new AbortController();
  #buffer = '';

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    const res = await fetch(url, { headers, signal: client.#abort.signal });
    client.status = res.status;
    if (!res.body || res.status !== 200) {
      client.ended = true;
      client.#buffer = await res.text();
      return client;
    }
    void client.#read(res.body);
    return client;
  }

  /** The body of a refused request. */
  get refusal(): string {
    return this.#buffer;
  }

  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.#buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.#buffer.indexOf('\n\n')) >= 0) {
          const frame = this.#buffer.slice(0, end);
          this.#buffer = this.#buffer.slice(end + 2);
          this.#frame(frame);
        }
      }
    } catch {
      // aborted or cut
    } finally {
      this.ended = true;
    }
  }

  #frame(frame: string): void {
    const event: SseEvent = { id: null, event: null, data: '' };
    let isEvent = false;
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) [event.id, isEvent] = [line.slice(4), true];
      else if (line.startsWith('event: ')) [event.event, isEvent] = [line.slice(7), true];
      else if (line.startsWith('data: ')) {
        event.data += (event.data ? '\n' : '') + line.slice(6);
        isEvent = true;
      }
    }
    if (isEvent) this.events.push(event);
  }

  /** Waits until at least `n` events have arrived. */
  waitForEvents(n: number, timeoutMs = 10_000): Promise<SseEvent[]> {
    return waitUntil(
      `${n} events (have ${this.events.length})`,
      () => (this.events.length >= n ? this.events : undefined),
      { timeoutMs, everyMs: 20 },
    );
  }

  close(): void {
    this.#abort.abort();
  }
}
