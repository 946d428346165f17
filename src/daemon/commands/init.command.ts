import { createFactory, listFactoryIds } from '../../core/factory/setup.js';
import { isValidLabelPrefix } from '../../domain/barcode.js';
import { ensureInitialised, openDataDir } from '../bootstrap.js';
import type { DaemonIO } from '../io.js';

/**
 * `factoryd init`: the factory and its first key. The factory's name comes from
 * `--factory-name` (`--name` is its older spelling); on a terminal without it, it is asked for.
 * Piped, no question: the name stays "My factory" until the setup page or PATCH /v1/company.
 */
export async function init(
  opts: { dataDir?: string; factoryName?: string; name?: string; labelPrefix?: string },
  io: DaemonIO,
): Promise<number> {
  if (opts.labelPrefix && !isValidLabelPrefix(opts.labelPrefix)) {
    io.stderr.write('factoryd: --label-prefix must be 1 to 8 characters of A-Z and 0-9\n');
    return 2;
  }
  const given = opts.factoryName ?? opts.name;
  if (given !== undefined && given.trim() === '') {
    io.stderr.write('factoryd: --factory-name must not be empty\n');
    return 2;
  }
  const opened = await openDataDir(opts.dataDir, io);
  try {
    // Asked only when a factory is about to be made: not before "already initialised".
    const adds =
      opened.store.dialect === 'postgres' || (await listFactoryIds(opened.core)).length === 0;
    const name = given ?? (adds && io.stdin.isTTY ? await askFactoryName(io) : undefined);
    const result = await ensureInitialised(opened, {
      ...(name ? { name } : {}),
      ...(opts.labelPrefix ? { labelPrefix: opts.labelPrefix } : {}),
    });
    if (!result.created && opened.store.dialect === 'postgres') {
      // DESIGN §13: one PostgreSQL database holds a group of factories; init adds one more.
      const { factoryId, apiKey } = await createFactory(opened.core, {
        ...(name ? { name } : {}),
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

/** One line from the terminal; an empty answer keeps the placeholder. */
async function askFactoryName(io: DaemonIO): Promise<string | undefined> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: io.stdin, output: io.stderr, terminal: true });
  try {
    const answer = await rl.question('Factory name (shown to retailers; Enter to set it later): ');
    return answer.trim() || undefined;
  } finally {
    rl.close();
  }
}
