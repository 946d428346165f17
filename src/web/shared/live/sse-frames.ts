/** One event of the server's stream (GET /v1/events/stream): the webhook body, parsed. */
export interface LiveEvent {
  id: string;
  type: string;
  timestamp: string;
  data: unknown;
}

/**
 * Splits Server-Sent Events text into events as it arrives: feed it chunks, it returns the
 * events completed so far and keeps the rest. Comment lines (`: ping`) and `retry:` are skipped.
 */
export class SseFrames {
  #buffer = '';

  push(chunk: string): LiveEvent[] {
    this.#buffer += chunk.replace(/\r\n?/g, '\n');
    const events: LiveEvent[] = [];
    let end: number;
    while ((end = this.#buffer.indexOf('\n\n')) >= 0) {
      const frame = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      const event = parseFrame(frame);
      if (event) events.push(event);
    }
    return events;
  }
}

function parseFrame(frame: string): LiveEvent | null {
  let id: string | null = null;
  let data = '';
  for (const line of frame.split('\n')) {
    if (line.startsWith('id:')) id = line.slice(3).trim();
    else if (line.startsWith('data:')) data += (data ? '\n' : '') + line.slice(5).trimStart();
  }
  if (id === null || data === '') return null;
  try {
    const body = JSON.parse(data) as { type: string; timestamp: string; data: unknown };
    return { id, type: body.type, timestamp: body.timestamp, data: body.data };
  } catch {
    return null;
  }
}
