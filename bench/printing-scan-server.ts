// The server of bench/printing.bench.ts's "scans while a job prints": the app and its print
// worker in one process, as `factoryd serve` runs them (labels rendered in their own thread), on
// a real SQLite file, printing to the bench's fake printer. Forked by the bench, never alone:
//   process.argv: <dir> <printer uri> <stations> <scans per station per round> <rounds>
import { join } from 'node:path';
import { buildApp } from '../src/api/app.js';
import { createCoreContext, noSignals } from '../src/core/context.js';
import { createFactory } from '../src/core/factory/setup.js';
import { createOrder } from '../src/core/orders/create-order.js';
import { createPrinter } from '../src/core/printers/printers.js';
import { createRetailer } from '../src/core/retailers/retailers.js';
import { PrintWorker } from '../src/daemon/printers/print-worker.js';
import { systemClock } from '../src/domain/clock.js';
import { labelThread } from '../src/labels/label-renderer.js';
import { openStore } from '../src/store/database.js';

const [dir, printerUri, stations, perRound, rounds] = process.argv.slice(2);
const store = await openStore({
  file: join(dir!, 'factoryd.db'),
  checkpoint: {
    worker: new URL('../src/store/checkpoint.worker.ts', import.meta.url),
    onError: (message) => console.error(`checkpoint: ${message}`),
  },
});
const labels = labelThread(new URL('../src/labels/label.worker.ts', import.meta.url));
const core = createCoreContext({
  db: store.db,
  clock: systemClock,
  signals: { ...noSignals, printQueueChanged: () => void worker.kick() },
});
const worker = new PrintWorker({
  core,
  labels,
  log: { info: () => {}, error: (o, m) => console.error(m, o) },
  exclusive: true,
});
const { factoryId, apiKey } = await createFactory(core, { name: 'Bench Factory' });
const retailer = await createRetailer(core, factoryId, { name: 'Bench Retail', code: 'BR' });
const printer = await createPrinter(core, factoryId, {
  name: 'Zebra',
  language: 'zpl',
  uri: printerUri!,
});

// A piece for every scan of every round (and warm-up), and one 1,000-piece order per round.
const needed = Number(stations) * Number(perRound) * (2 * Number(rounds) + 1);
const barcodes: string[] = [];
for (let n = 0; barcodes.length < needed; n++) {
  const order = await createOrder(
    core,
    factoryId,
    {
      order_no: `S-${n}`,
      retailer_id: retailer.id,
      lines: [{ sku: 'SOFA', qty: 25, pieces_per_unit: 4 }],
    },
    'api',
  );
  barcodes.push(...order.pieces.map((p) => p.barcode));
}
const bigOrders: string[] = [];
for (let r = 0; r < Number(rounds); r++) {
  const order = await createOrder(
    core,
    factoryId,
    {
      order_no: `BIG-${r}`,
      retailer_id: retailer.id,
      lines: [{ sku: 'SOFA', qty: 250, pieces_per_unit: 4 }],
    },
    'api',
  );
  bigOrders.push(order.id);
}

const app = await buildApp({ core, labels });
const url = await app.listen({ host: '127.0.0.1', port: 0 });
await worker.start();
process.send!({ url, apiKey: apiKey.key, printerId: printer.id, barcodes, bigOrders });
process.on('message', (message) => {
  if (message === 'cpu') process.send!(process.cpuUsage());
});
process.on('SIGTERM', () => {
  void (async () => {
    await worker.stop();
    await app.close();
    await labels.close();
    process.exit(0);
  })();
});
