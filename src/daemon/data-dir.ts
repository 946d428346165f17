import { join } from 'node:path';

/** `--data-dir`, else $FACTORYD_DATA_DIR, else $XDG_DATA_HOME/factoryd or ~/.local/share/factoryd. */
export function resolveDataDir(
  flag: string | undefined,
  env: Record<string, string | undefined>,
  homeDir: string,
): string {
  if (flag) return flag;
  if (env.FACTORYD_DATA_DIR) return env.FACTORYD_DATA_DIR;
  const dataHome = env.XDG_DATA_HOME || join(homeDir, '.local', 'share');
  return join(dataHome, 'factoryd');
}

export const DATABASE_FILE = 'factoryd.db';
export const INITIAL_KEY_FILE = 'initial-api-key';
