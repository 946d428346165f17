import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createSecureContext } from 'node:tls';
import pino from 'pino';
import { buildApp } from '../../api/app.js';
import { labelThread } from '../../labels/label-renderer.js';
import type { Signals } from '../../core/context.js';
import { getSettings } from '../../core/factory/settings.js';
import { listFactoryIds } from '../../core/factory/setup.js';
import type { ServerReach } from '../../api/station-address.js';
import {
  coreOf,
  databaseLine,
  describeDatabase,
  ensureInitialised,
  keyFileExists,
  openConfiguredDatabase,
  prepareDataDir,
  type OpenedDataDir,
} from '../bootstrap.js';
import { DataDirInUseError, lockDataDir, type DataDirLock } from '../data-dir-lock.js';
import { firstAdminHint } from '../first-admin.js';
import { isLoopbackHost, reachOf, stationPageLines } from '../listen-address.js';
import { reclaimWhenQuiet } from '../idle-memory.js';
import { trimNativeHeap } from '../../store/malloc-trim.js';
import type { DaemonIO } from '../io.js';
import { listenForMetrics, parseListenAddress } from '../metrics/metrics-listener.js';
import { registerServerMetrics } from '../metrics/server-metrics.js';
import type { Scheduler } from '../scheduler.js';
import { COMMIT, VERSION } from '../version.js';

interface ServeOptions {
  host: string;
  port: string;
  dataDir?: string;
  tlsCert?: string;
  tlsKey?: string;
  logLevel: string;
  /** False with --no-deliveries: webhook deliveries wait in the database, nothing is sent. */
  deliveries: boolean;
  /** `/metrics` answers this bearer token (else $FACTORYD_METRICS_TOKEN; neither: off). */
  metricsToken?: string;
  /** `host:port`: a listener of its own serving `/metrics` without a token. */
  metricsListen?: string;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

export async function serve(opts: ServeOptions, io: DaemonIO): Promise<number> {
  const port = Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.stderr.write('factoryd: --port must be a number from 0 to 65535\n');
    return 2;
  }
  if (Boolean(opts.tlsCert) !== Boolean(opts.tlsKey)) {
    io.stderr.write('factoryd: --tls-cert and --tls-key go together\n');
    return 2;
  }
  if (!LEVELS.includes(opts.logLevel)) {
    io.stderr.write(`factoryd: --log-level must be one of ${LEVELS.join(', ')}\n`);
    return 2;
  }
  const metricsListen = opts.metricsListen ? parseListenAddress(opts.metricsListen) : undefined;
  if (typeof metricsListen === 'string') {
    io.stderr.write(`factoryd: ${metricsListen}\n`);
    return 2;
  }
  const tls = opts.tlsCert && opts.tlsKey ? readTls(opts.tlsCert, opts.tlsKey) : undefined;
  if (typeof tls === 'string') {
    io.stderr.write(`factoryd: ${tls}\n`);
    return 2;
  }

  // One server per data directory, for its whole life: two would each keep their own rate limits
  // and deliver the same webhooks.
  const dataDir = prepareDataDir(opts.dataDir, io);
  let lock: DataDirLock;
  try {
    lock = lockDataDir(dataDir, { pid: io.pid, now: new Date() });
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    io.stderr.write(`factoryd: ${err.message}\n`);
    return 1;
  }
  try {
    return await run(opts, port, tls, dataDir, io, metricsListen);
  } finally {
    lock.release();
  }
}

interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/**
 * The certificate and key, read and checked before anything starts (docs/install.md): a file
 * that cannot be read, is not PEM, or a key that does not match the certificate is an error
 * naming the file, not a failure after the database is opened.
 */
function readTls(certFile: string, keyFile: string): TlsFiles | string {
  const read = (flag: string, file: string): Buffer | string => {
    try {
      return readFileSync(file);
    } catch (err) {
      return `cannot read ${flag} ${file}: ${(err as Error).message}`;
    }
  };
  const cert = read('--tls-cert', certFile);
  if (typeof cert === 'string') return cert;
  const key = read('--tls-key', keyFile);
  if (typeof key === 'string') return key;
  try {
    createSecureContext({ cert, key });
  } catch (err) {
    return (
      `--tls-cert ${certFile} and --tls-key ${keyFile} are not a PEM certificate and its ` +
      `private key: ${(err as Error).message}`
    );
  }
  return { cert, key };
}

/** Why the server cannot listen, naming the flag that changes it. */
function listenFailure(err: NodeJS.ErrnoException, host: string, port: number): string {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (err.code) {
    case 'EADDRINUSE':
      return (
        `cannot listen on ${where}: port ${port} is in use by another program ` +
        `(another factoryd?). Choose another port with --port, e.g. --port ${port === 8080 ? 8081 : port + 1}.`
      );
    case 'EACCES':
      return `cannot listen on ${where}: port ${port} needs privileges. Choose a port above 1023 with --port.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `cannot listen on ${where}: ${host} is not an address of this machine. Choose another with --host (0.0.0.0 = every network).`;
    default:
      return `cannot listen on ${where}: ${err.message}`;
  }
}

/** The `public_url` setting when the database holds one factory (the usual install). */
async function onlyFactoryPublicUrl(opened: OpenedDataDir): Promise<string | null> {
  const ids = await listFactoryIds(opened.core);
  if (ids.length !== 1) return null;
  return (await getSettings(opened.core, ids[0]!)).public_url;
}

/** The server's life on a data directory this process holds. */
async function run(
  opts: ServeOptions,
  port: number,
  tls: TlsFiles | undefined,
  dataDir: string,
  io: DaemonIO,
  metricsListen: { host: string; port: number } | undefined,
): Promise<number> {
  // JSON lines on stdout; tokens never reach them (authorization is redacted, bodies not logged).
  const logger = pino(
    {
      level: opts.logLevel,
      base: { service: 'factoryd' },
      redact: {
        paths: ['req.headers.authorization', 'headers.authorization'],
        censor: '[redacted]',
      },
    },
    io.stdout,
  );

  // The scheduler starts after the app exists; use cases signal it through this indirection.
  const started: { scheduler?: Scheduler } = {};
  const signals: Signals = {
    eventsAppended: () => started.scheduler?.signals.eventsAppended(),
    settingsChanged: (factoryId) => started.scheduler?.signals.settingsChanged(factoryId),
    printQueueChanged: () => started.scheduler?.signals.printQueueChanged?.(),
    printerWatched: (printerId) => started.scheduler?.signals.printerWatched?.(printerId),
  };

  // A SQLite file's WAL is checkpointed by a thread of its own, so no commit waits for it.
  const checkpoint = io.checkpointWorker && {
    worker: io.checkpointWorker,
    onError: (message: string) => logger.error({ error: message }, 'WAL checkpoint failed'),
  };
  const database = describeDatabase(dataDir, io);
  logger.info(
    { version: VERSION, commit: COMMIT, node: process.version, database },
    `factoryd ${VERSION} (commit ${COMMIT}) starting on ${databaseLine(database)}`,
  );
  // Metrics (docs/operate.md, "Monitoring"): prom-client loads only when they are asked for.
  const metricsToken = opts.metricsToken || io.env.FACTORYD_METRICS_TOKEN || undefined;
  const prometheus =
    metricsToken || metricsListen
      ? (await import('../../runtime/prometheus.js')).createPrometheusMetrics()
      : undefined;
  const opened: OpenedDataDir = coreOf(
    dataDir,
    await openConfiguredDatabase(dataDir, io, {
      ...(checkpoint ? { checkpoint } : {}),
      onMigrated: (names) => {
        for (const name of names) logger.info({ migration: name }, `applied migration ${name}`);
        logger.info(
          { migrations: names.length },
          `database upgraded: ${names.length} migration(s) applied`,
        );
      },
    }),
    signals,
    prometheus,
  );
  const scrape = prometheus && {
    scrape: () => prometheus.exposition(),
    contentType: prometheus.contentType,
  };
  if (prometheus) registerServerMetrics(prometheus, opened.store);
  opened.core.eventFeed.onError = (err) =>
    logger.error({ err }, 'event stream: reading events failed');
  // Labels render in a thread of their own, which ends when none are asked for.
  const labels = io.labelWorker && labelThread(io.labelWorker);
  // Filled in once the server listens (the port may be 0 until then).
  const reach: ServerReach = { loopbackOnly: isLoopbackHost(opts.host), lanUrl: null };
  const app = await buildApp({
    core: opened.core,
    logger,
    webRoot: io.webRoot,
    reach,
    // Off only for the benchmark's baseline (docs/audit.md).
    audit: io.env.FACTORYD_AUDIT !== 'off',
    ...(tls ? { https: tls } : {}),
    ...(labels ? { labels } : {}),
    ...(scrape && metricsToken ? { metrics: { ...scrape, token: metricsToken } } : {}),
  });

  // Listening comes before a new data directory gets its factory and first key: a server that
  // cannot listen (a busy port) leaves nothing behind that a second try would not make.
  try {
    await app.listen({ host: opts.host, port });
  } catch (err) {
    io.stderr.write(`factoryd: ${listenFailure(err as NodeJS.ErrnoException, opts.host, port)}\n`);
    await app.close();
    await labels?.close();
    await opened.store.close();
    return 1;
  }
  let metricsServer: Server | undefined;
  try {
    if (scrape && metricsListen) {
      metricsServer = await listenForMetrics(metricsListen, scrape, (err) =>
        logger.error({ err }, 'collecting the metrics failed'),
      );
    }
  } catch (err) {
    const { host, port: metricsPort } = metricsListen!;
    io.stderr.write(
      `factoryd: --metrics-listen: ${listenFailure(err as NodeJS.ErrnoException, host, metricsPort)}\n`,
    );
    await app.close();
    await labels?.close();
    await opened.store.close();
    return 1;
  }
  const init = await ensureInitialised(opened);
  if (init.created) {
    logger.info(
      { key_file: init.keyFile },
      'new data directory: the first API key is in the key file',
    );
    io.stderr.write(
      `\nfactoryd: created a new factory in ${opened.dataDir}\n` +
        `factoryd: the first API key is in ${init.keyFile} (read it with: cat ${init.keyFile})\n\n`,
    );
  } else if (keyFileExists(init.keyFile)) {
    logger.info(
      { key_file: init.keyFile },
      'the first API key is in the key file; delete it once stored safely',
    );
  }
  // The scheduler (its jobs, the webhook sender and its HTTP client) loads once the server
  // listens, and before the line that says so: the first requests need none of it.
  const { startScheduler } = await import('../scheduler.js');
  // docs/scale-out.md: a dead process's webhook claims come back after this lease.
  const leaseSeconds = Number(io.env.FACTORYD_DELIVERY_LEASE_SECONDS);
  const backupCheckSeconds = Number(io.env.FACTORYD_BACKUP_CHECK_SECONDS);
  const scheduler = startScheduler({
    core: opened.core,
    store: opened.store,
    log: app.log,
    deliveries: opts.deliveries,
    dataDir: opened.dataDir,
    env: io.env,
    // Tests look every second instead of every 30 s.
    ...(backupCheckSeconds > 0 ? { backupCheckMs: backupCheckSeconds * 1000 } : {}),
    ...(labels ? { labels } : {}),
    ...(leaseSeconds > 0 ? { deliveryLeaseMs: leaseSeconds * 1000 } : {}),
  });
  started.scheduler = scheduler;
  // A server left quiet gives back what its last busy spell left (idle-memory.ts).
  const { store } = opened;
  const idle = reclaimWhenQuiet({
    ...(store.dialect === 'sqlite' ? { release: () => store.shrinkMemory() } : {}),
    trim: () => void trimNativeHeap(),
    onError: (err) => logger.warn({ err }, 'quiet: giving back memory failed'),
    onCollected: (ms) => logger.debug({ ms: Math.round(ms) }, 'quiet: memory given back'),
  });
  app.server.on('request', idle.activity);

  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const protocol = tls ? 'https' : 'http';
  const url = `${protocol}://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${boundPort}`;
  Object.assign(reach, reachOf(opts.host, boundPort, protocol));
  const publicUrl = await onlyFactoryPublicUrl(opened);
  if (!opts.deliveries) {
    logger.warn(
      'webhook deliveries are paused (--no-deliveries): they wait in the database for a server started without it',
    );
  }
  logger.info(
    {
      url,
      station_url: `${publicUrl ?? reach.lanUrl ?? url}/station`,
      data_dir: opened.dataDir,
      version: VERSION,
      commit: COMMIT,
      webhook_deliveries: opts.deliveries ? 'on' : 'paused',
    },
    'factoryd listening',
  );

  io.stderr.write(stationPageLines(reach, url, publicUrl));

  const hint = await firstAdminHint(
    opened.core,
    { url, dataDir: opened.dataDir, keyFile: init.keyFile },
    io,
  );
  if (hint) io.stderr.write(`\n${hint}\n`);

  const signal = await io.stopSignal;
  logger.info({ signal }, 'stopping: finishing requests in flight');
  idle.stop();
  metricsServer?.close();
  await app.close(); // stops accepting, waits for requests in flight
  await labels?.close();
  await scheduler.stop();
  await opened.store.close();
  logger.info('stopped');
  return 0;
}
