import type { DaemonIO } from '../io.js';

/** Placeholder until staff users exist: `factoryd staff add`. */
export async function addStaff(
  _opts: { email: string; name: string; role: string; dataDir?: string },
  io: DaemonIO,
): Promise<number> {
  io.stderr.write('factoryd: staff users are not available in this build\n');
  return 1;
}
