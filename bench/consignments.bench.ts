// Dispatch (DESIGN §10, §15): a dispatch scan into a consignment against a plain dispatch scan,
// CPU per scan in the same run (target ≤ 1.2×), and the delivery note of 1,000 pieces (≤ 2 s).
//
// STATIONS dispatch stations scan at once through the real app (Fastify's inject, no HTTP), each
// one scan after another, so the group committer batches them as on the floor. Rounds alternate
// (plain, into a consignment, plain, …) so a change in the machine's load falls on both alike;
// every scan is of a new, produced piece (accepted: it moves the piece and its order). CPU is this
// process's (the app and SQLite's work) per scan.
//
// Run: npx tsx bench/consignments.bench.ts  (BENCH_STATIONS, BENCH_SCANS_PER_STATION, BENCH_ROUNDS)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 20);
const PER_STATION = Number(process.env.BENCH_SCANS_PER_STATION ?? 25);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const NOTE_PIECES = 1000;

const { openStore } = await import('../src/store/database.js');
const { buildApp } = await import('../src/api/app.js');
const { createCoreContext } = await import('../src/core/context.js');
const { systemClock } = await import('../src/domain/clock.js');
const { createFactory } = await import('../src/core/factory/setup.js');
const { createRetailer } = await import('../src/core/retailers/retailers.js');
const { createOrder } = await import('../src/core/orders/create-order.js');

const dir = mkdtempSync(join(tmpdir(), 'factoryd-bench-consignments-'));
const store = await openStore({ file: join(dir, 'factoryd.db') });
try {
  const core = createCoreContext({ db: store.db, clock: systemClock });
  const { factoryId, apiKey } = await createFactory(core, { name: 'Bench Factory' });
  const retailer = await createRetailer(core, factoryId, { name: 'Northwind', code: 'NW' });
  const app = await buildApp({ core });
  const call = async (
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
    token: string | null = apiKey.key,
  ) => {
    const res = await app.inject({
      method,
      url: path,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res;
  };
  const post = async (path: string, body: unknown, token: string | null = apiKey.key) =>
    (await call('POST', path, body, token)).json() as Record<string, unknown>;
  const pair = async (name: string, role: string) => {
    const issued = await post('/v1/stations/pairing-codes', { name, role });
    return (await post('/v1/stations/pair', { code: issued.code }, null)) as {
      id: string;
      token: string;
    };
  };

  const maker = await pair('Make', 'produce');
  const plain: string[] = [];
  const loading: string[] = [];
  const consignment = (await post('/v1/consignments', { retailer_id: retailer.id })) as {
    id: string;
  };
  for (let s = 0; s < STATIONS; s++) {
    plain.push((await pair(`Dock ${s}`, 'dispatch')).token);
    const station = await pair(`Bay ${s}`, 'dispatch');
    await call('PATCH', `/v1/stations/${station.id}`, { consignment_id: consignment.id });
    loading.push(station.token);
  }

  /** Produced pieces, `n` of them, in orders of 100 (25 sofas of 4 pieces). */
  let orderNo = 0;
  const producedPieces = async (n: number): Promise<string[]> => {
    const barcodes: string[] = [];
    while (barcodes.length < n) {
      const order = await createOrder(
        core,
        factoryId,
        {
          order_no: `B-${orderNo++}`,
          retailer_id: retailer.id,
          lines: [{ sku: 'SOFA', colour: 'Grey', qty: 25, pieces_per_unit: 4 }],
        },
        'api',
      );
      for (const piece of order.pieces) barcodes.push(piece.barcode);
    }
    await Promise.all(
      Array.from({ length: STATIONS }, async (_, s) => {
        for (let i = s; i < barcodes.length; i += STATIONS) {
          await post('/v1/scans', { barcode: barcodes[i] }, maker.token);
        }
      }),
    );
    return barcodes;
  };

  const round = async (tokens: string[], barcodes: string[]): Promise<number> => {
    let next = 0;
    const cpu = process.cpuUsage();
    await Promise.all(
      tokens.map(async (token) => {
        for (let i = 0; i < PER_STATION; i++) {
          const answer = await post('/v1/scans', { barcode: barcodes[next++] }, token);
          if (answer.accepted !== true) throw new Error(`refused: ${JSON.stringify(answer)}`);
        }
      }),
    );
    const { user, system } = process.cpuUsage(cpu);
    return (user + system) / (tokens.length * PER_STATION);
  };

  const perRound = STATIONS * PER_STATION;
  // Warm-up: both paths once, not counted.
  await round(plain, await producedPieces(perRound));
  await round(loading, await producedPieces(perRound));
  const plainUs: number[] = [];
  const intoUs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    plainUs.push(await round(plain, await producedPieces(perRound)));
    intoUs.push(await round(loading, await producedPieces(perRound)));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratio = median(intoUs) / median(plainUs);
  console.log(
    `${STATIONS} dispatch stations × ${PER_STATION} scans a round, ${ROUNDS} rounds each`,
  );
  console.log(
    `plain dispatch scan          CPU ${median(plainUs).toFixed(0)} µs/scan  (rounds: ${plainUs.map((u) => u.toFixed(0)).join(', ')})`,
  );
  console.log(
    `dispatch into a consignment  CPU ${median(intoUs).toFixed(0)} µs/scan  (rounds: ${intoUs.map((u) => u.toFixed(0)).join(', ')})`,
  );
  console.log(`ratio ${ratio.toFixed(2)} × (target ≤ 1.20)  ${ratio <= 1.2 ? 'ok' : 'OVER'}`);

  // The delivery note of 1,000 pieces: a consignment loaded with them, closed.
  const big = (await post('/v1/consignments', { retailer_id: retailer.id })) as { id: string };
  const bay = await pair('Note bay', 'dispatch');
  await post('/v1/scans', { barcode: `CN ${String(2).padStart(6, '0')}` }, bay.token);
  const pieces = await producedPieces(NOTE_PIECES);
  for (const barcode of pieces.slice(0, NOTE_PIECES))
    await post('/v1/scans', { barcode }, bay.token);
  await post(`/v1/consignments/${big.id}/close`, {});
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    const res = await call('GET', `/v1/consignments/${big.id}/delivery-note`);
    times.push(performance.now() - start);
    if (!res.headers['content-type']?.toString().startsWith('application/pdf'))
      throw new Error('not a PDF');
  }
  console.log(
    `delivery note, ${NOTE_PIECES} pieces: ${times.map((t) => (t / 1000).toFixed(2)).join(' s, ')} s (first includes loading pdfkit; target ≤ 2 s)  ${Math.max(...times.slice(1)) <= 2000 ? 'ok' : 'OVER'}`,
  );
  await app.close();
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
