// What the scan benchmarks share: a factory with orders to scan served by the real app in a child
// process, its stations paired over HTTP, and the child's CPU time read over IPC.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'undici';

export interface Ready {
  url: string;
  apiKey?: string;
  barcodes?: string[];
}

/**
 * The real app on a real SQLite file in `dir`, as `factoryd serve` opens it (the WAL
 * checkpointed from a thread of its own), listening on an ephemeral port; a factory with one
 * retailer and orders of `piecesPerOrder` pieces until `needed` barcodes are there to scan.
 * `prepare` runs on the store before the app is built (e.g. to drop a trigger for a baseline).
 */
export async function serveScanApp(
  dir: string,
  needed: number,
  options: { piecesPerOrder: number; orderPrefix: string; prepare?: (sqlite: unknown) => void },
): Promise<Ready> {
  const { openStore } = await import('../src/store/database.js');
  const { buildApp } = await import('../src/api/app.js');
  const { createCoreContext } = await import('../src/core/context.js');
  const { systemClock } = await import('../src/domain/clock.js');
  const { createFactory } = await import('../src/core/factory/setup.js');
  const { createRetailer } = await import('../src/core/retailers/retailers.js');
  const { createOrder } = await import('../src/core/orders/create-order.js');
  const { sqliteOf } = await import('../test/helpers/dialect.js');
  const store = await openStore({
    file: join(dir, 'factoryd.db'),
    checkpoint: {
      worker: new URL('../src/store/checkpoint.worker.ts', import.meta.url),
      onError: (message) => console.error(`checkpoint: ${message}`),
    },
  });
  options.prepare?.(sqliteOf(store));
  const core = createCoreContext({ db: store.db, clock: systemClock });
  const { factoryId, apiKey } = await createFactory(core, { name: 'Bench Factory' });
  const retailer = await createRetailer(core, factoryId, { name: 'Bench Retail', code: 'BR' });
  const barcodes: string[] = [];
  for (let n = 0; barcodes.length < needed; n++) {
    const order = await createOrder(
      core,
      factoryId,
      {
        order_no: `${options.orderPrefix}-${n}`,
        retailer_id: retailer.id,
        lines: [
          { sku: 'SOFA', colour: 'Grey', qty: options.piecesPerOrder / 4, pieces_per_unit: 4 },
        ],
      },
      'api',
    );
    for (const piece of order.pieces) barcodes.push(piece.barcode);
  }
  const app = await buildApp({ core });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, apiKey: apiKey.key, barcodes: barcodes.slice(0, needed) };
}

/** Runs `file --serve …args` in a child process and waits for the Ready it sends. */
export function startServer(
  file: string,
  args: string[],
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(file, ['--serve', ...args], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as Ready }));
    child.once('exit', (code) => reject(new Error(`server ${args.join(' ')} exited with ${code}`)));
  });
}

/** The child's side of `serverCpu`: answers 'cpu' with its CPU usage. */
export function answerCpu(): void {
  process.on('message', (message) => {
    if (message === 'cpu') process.send!(process.cpuUsage());
  });
}

/** The server child's CPU time so far (user + system), in microseconds. */
export function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (usage) => {
      const { user, system } = usage as NodeJS.CpuUsage;
      resolve(user + system);
    });
    child.send('cpu');
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One JSON POST; throws unless it answers 200. */
export async function post(
  url: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, string>> {
  const client = new Client(url);
  try {
    const res = await client.request({
      method: 'POST',
      path,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const json = await res.body.json();
    if (res.statusCode !== 200)
      throw new Error(`${path}: ${res.statusCode} ${JSON.stringify(json)}`);
    return json as Record<string, string>;
  } finally {
    await client.close();
  }
}

/** `count` produce stations paired through the API; their tokens. */
export async function pairStations(ready: Ready, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let s = 0; s < count; s++) {
    const body = { name: `Line ${s + 1}`, role: 'produce' };
    const issued = await post(ready.url, '/v1/stations/pairing-codes', body, ready.apiKey);
    tokens.push((await post(ready.url, '/v1/stations/pair', { code: issued.code })).token!);
  }
  return tokens;
}
