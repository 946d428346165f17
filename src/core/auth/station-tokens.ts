import type { Principal } from './principal.js';

export type StationPrincipal = Extract<Principal, { kind: 'station' }>;

/** Stations remembered at most: a floor has tens; the bound only keeps a flood of tokens small. */
const MAX_STATIONS = 4_096;

/**
 * The stations whose tokens this process has looked up, by token hash, so that a scan skips the
 * lookup before its transaction. Nothing is trusted from here: every scan checks its station
 * again inside its own transaction, in the statement that reads the piece (src/store/scans/),
 * so a revocation — made through this process, another factoryd on the same PostgreSQL, or
 * anything else that writes the database — refuses the very next scan, as without a cache.
 * A station found revoked or re-paired there is forgotten; a rename is taken from that read.
 *
 * Keyed by the token's SHA-256 (as stored), never by the token itself.
 */
export class StationTokens {
  readonly #byHash = new Map<string, StationPrincipal>();

  get(tokenHash: string): StationPrincipal | undefined {
    return this.#byHash.get(tokenHash);
  }

  remember(station: StationPrincipal): void {
    this.#byHash.delete(station.tokenHash);
    this.#byHash.set(station.tokenHash, station);
    // Maps keep insertion order: the first key is the one remembered longest ago.
    if (this.#byHash.size > MAX_STATIONS) {
      const oldest = this.#byHash.keys().next().value;
      if (oldest !== undefined) this.#byHash.delete(oldest);
    }
  }

  forget(tokenHash: string): void {
    this.#byHash.delete(tokenHash);
  }
}
