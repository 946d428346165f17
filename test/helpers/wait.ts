/**
 * Waits until `check` gives a value other than `undefined`, `null` or `false`, and returns it;
 * throws (naming `what`) when the deadline passes first. For state that settles after an answer
 * — a record written once a receiver has answered, a process catching up — never a fixed sleep.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = 20_000, everyMs = 50 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
