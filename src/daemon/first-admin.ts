import { listFactoryIds } from '../core/factory/setup.js';
import { hasStaffUser } from '../core/staff/staff-users.js';
import type { CoreContext } from '../core/context.js';
import { keyFileExists } from './bootstrap.js';
import { resolveDataDir } from './data-dir.js';
import type { DaemonIO } from './io.js';

/**
 * What `factoryd serve` tells the person who started it while nobody can sign in to the web app:
 * how to make the first admin, in the browser (the setup page, with the first API key) or on the
 * box (`factoryd staff add`). Nothing when the database already has a staff user, or holds
 * several factories (those are set up through the API). The key itself is never printed: the
 * text names the file it is in.
 */
export async function firstAdminHint(
  core: CoreContext,
  opts: { url: string; dataDir: string; keyFile: string },
  io: Pick<DaemonIO, 'env' | 'homeDir'>,
): Promise<string | null> {
  const factories = await listFactoryIds(core);
  if (factories.length !== 1) return null;
  if (await hasStaffUser(core, factories[0]!)) return null;

  // The command names the data directory unless it is the one a bare `factoryd` would use.
  const usual = resolveDataDir(undefined, io.env, io.homeDir) === opts.dataDir;
  const dir = usual ? '' : ` --data-dir '${opts.dataDir.replace(/'/g, `'\\''`)}'`;
  const web = new URL('/setup', opts.url).href;
  const browser = keyFileExists(opts.keyFile)
    ? `  in the browser: open ${web} and paste the API key from ${opts.keyFile}\n`
    : `  in the browser: open ${web} and paste an admin API key\n`;
  return (
    `factoryd: nobody can sign in to the web app yet; create the first admin\n` +
    browser +
    `  or on this box: factoryd staff add${dir} --email you@example.com --name "Your Name" --role admin\n`
  );
}
