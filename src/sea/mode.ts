/** What the one executable runs as: the daemon (`factoryd`) or the client (`factory`). */
export type SeaMode = 'daemon' | 'client';

/**
 * Decided by the name the program was started under, as a busybox-style multi-call binary: a
 * symlink or copy named `factoryd` (or `factoryd-<anything>`, for side-by-side versions) is the
 * daemon; any other name is the client. `argv0` is the name as typed; the executable's own path
 * decides only when it is missing, since it resolves symlinks and would hide `factoryd`.
 */
export function seaModeFor(argv0: string | undefined, execPath: string): SeaMode {
  const invoked = argv0 && argv0.length > 0 ? argv0 : execPath;
  const name = invoked.slice(invoked.lastIndexOf('/') + 1);
  return /^factoryd(?:[-_.].*)?$/.test(name) ? 'daemon' : 'client';
}
