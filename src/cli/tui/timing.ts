/** How often the terminal UI ticks, polls and retries; tests pass shorter values. */
export interface TuiTiming {
  /** Re-render interval of the countdown and relative times. */
  tickMs: number;
  /** Polling of a pairing code (has it been used?) while it waits. */
  pairingPollMs: number;
  /** Background refresh of the list on the visible tab. */
  refreshMs: number;
  /** First retry after a lost connection; doubles up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const DEFAULT_TIMING: TuiTiming = {
  tickMs: 1000,
  pairingPollMs: 2000,
  refreshMs: 10_000,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
};
