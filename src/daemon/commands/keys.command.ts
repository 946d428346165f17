import { createApiKey } from '../../core/api-keys/api-keys.js';
import { listFactoryIds } from '../../core/factory/setup.js';
import { openDataDir } from '../bootstrap.js';
import type { DaemonIO } from '../io.js';

export async function createKey(
  opts: { dataDir?: string; name: string },
  io: DaemonIO,
): Promise<number> {
  if (opts.name.trim() === '') {
    io.stderr.write('factoryd: --name must not be empty\n');
    return 2;
  }
  const opened = await openDataDir(opts.dataDir, io);
  try {
    const [factoryId, ...others] = await listFactoryIds(opened.core);
    if (!factoryId) {
      io.stderr.write('factoryd: no factory yet; run factoryd init first\n');
      return 1;
    }
    if (others.length > 0) {
      io.stderr.write(
        'factoryd: this database holds several factories; keys are created per factory through the API\n',
      );
      return 1;
    }
    const key = await createApiKey(opened.core, factoryId, { name: opts.name });
    io.stderr.write(`API key ${key.id} "${key.name}" created. It is shown once:\n`);
    io.stdout.write(`${key.key}\n`);
    return 0;
  } finally {
    await opened.store.close();
  }
}
