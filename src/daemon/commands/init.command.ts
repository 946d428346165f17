import { createFactory, listFactoryIds } from '../../core/factory/setup.js';
import { isValidLabelPrefix } from '../../domain/barcode.js';
import { ensureInitialised, openDataDir } from '../bootstrap.js';
import type { DaemonIO } from '../io.js';

export async function init(
  opts: { dataDir?: string; name?: string; labelPrefix?: string },
  io: DaemonIO,
): Promise<number> {
  if (opts.labelPrefix && !isValidLabelPrefix(opts.labelPrefix)) {
    io.stderr.write('factoryd: --label-prefix must be 1 to 8 characters of A-Z and 0-9\n');
    return 2;
  }
  const opened = await openDataDir(opts.dataDir, io);
  try {
    const result = await ensureInitialised(opened, {
      ...(opts.name ? { name: opts.name } : {}),
      ...(opts.labelPrefix ? { labelPrefix: opts.labelPrefix } : {}),
    });
    if (!result.created && opened.store.dialect === 'postgres') {
      // DESIGN §13: one PostgreSQL database holds a group of factories; init adds one more.
      const { factoryId, apiKey } = await createFactory(opened.core, {
        ...(opts.name ? { name: opts.name } : {}),
        ...(opts.labelPrefix ? { labelPrefix: opts.labelPrefix } : {}),
      });
      io.stderr.write(
        `Factory ${factoryId} added to the database (it now holds ${(await listFactoryIds(opened.core)).length} factories).\n` +
          'Its first API key (shown once, not saved to a file):\n',
      );
      io.stdout.write(`${apiKey.key}\n`);
      return 0;
    }
    if (!result.created) {
      io.stderr.write(
        `factoryd: ${opened.dataDir} is already initialised (factory ${result.factoryId}).\n` +
          'Create another key with: factoryd keys create --name NAME\n',
      );
      return 1;
    }
    io.stderr.write(
      `Factory ${result.factoryId} created in ${opened.dataDir}\n` +
        `First API key (shown once; also saved to ${result.keyFile}, mode 0600):\n`,
    );
    io.stdout.write(`${result.apiKey}\n`);
    return 0;
  } finally {
    await opened.store.close();
  }
}
