// The delivery note of 1,000 pieces (DESIGN §10, §15: ≤ 2 s), rendered alone: what the GET and
// the close's print spend in src/labels/delivery-note.ts, without the database. Cold is this
// fresh process's first note (loading pdfkit and its font metrics included, measured apart);
// warm is the median of the notes after it. Each PDF is checked to be one.
//
// Run: npx tsx bench/delivery-note.bench.ts  (BENCH_PIECES, BENCH_RUNS)
import type { DeliveryNoteContent } from '../src/domain/consignment-documents.js';

const PIECES = Number(process.env.BENCH_PIECES ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** A consignment of `pieces` pieces: orders of 25 sofas of 4 pieces, a pallet per 200 pieces. */
function note(pieces: number): DeliveryNoteContent {
  const orders: DeliveryNoteContent['orders'] = [];
  let n = 0;
  for (let o = 0; n < pieces; o++) {
    const units: DeliveryNoteContent['orders'][number]['units'] = [];
    for (let u = 1; u <= 25 && n < pieces; u++) {
      const unitPieces = [];
      for (let p = 1; p <= 4 && n < pieces; p++, n++) {
        unitPieces.push({
          barcode: `FD ${String(n + 1).padStart(7, '0')}`,
          piece_no: p,
          piece_name: ['Frame', 'Cushions', 'Legs', 'Back'][p - 1]!,
          sscc: `0040000000000${String(Math.floor(n / 200) + 1).padStart(4, '0')}1`,
        });
      }
      units.push({ unit_no: u, sku: 'SOFA-3S', colour: 'Grey', pieces: unitPieces });
    }
    const loaded = units.reduce((s, u) => s + u.pieces.length, 0);
    orders.push({
      order_no: `PO-${1000 + o}`,
      pieces_loaded: loaded,
      pieces_total: loaded,
      units,
    });
  }
  return {
    number: 'CN 000042',
    status: 'closed',
    date: '2026-11-26T10:00:00.000Z',
    reference: 'WK48',
    carrier: 'Swift Haulage',
    vehicle: 'YX68 ABC',
    notes: 'Deliver to gate 3.',
    from: {
      name: 'Acme Sofas Ltd',
      address: ['1 Mill Lane', 'Leeds', 'LS1 1AA', 'GB'],
      phone: '0113 496 0000',
      vat_number: 'GB123456789',
    },
    to: {
      name: 'Northwind Home',
      code: 'NW',
      address: ['Northwind DC, Gate 3', 'Meadow Lane', 'Leeds', 'LS11 5DH', 'GB'],
    },
    orders,
    pieces_loaded: n,
    units_loaded: orders.reduce((s, o) => s + o.units.length, 0),
    handling_units: [],
    close_reason: null,
  };
}

const content = note(PIECES);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const { renderDeliveryNote } = await import(
  process.env.BENCH_RENDERER ?? '../src/labels/delivery-note.js'
);
const loadCpu = process.cpuUsage(cpu0);
const loadMs = performance.now() - t0;
const loadCpuMs = (loadCpu.user + loadCpu.system) / 1000;

/** One note: its wall time and this process's CPU time (the machine may be busy), in ms. */
const render = async (): Promise<{ ms: number; cpu: number; bytes: number }> => {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const pdf = await renderDeliveryNote(content);
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - start;
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('not a PDF');
  return { ms, cpu: (used.user + used.system) / 1000, bytes: pdf.length };
};

const cold = await render();
const warm: Array<{ ms: number; cpu: number }> = [];
for (let i = 0; i < RUNS; i++) warm.push(await render());
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;
const warmMs = median(warm.map((w) => w.ms));
const warmCpu = median(warm.map((w) => w.cpu));
console.log(
  `delivery note, ${PIECES} pieces, ${content.orders.length} orders, ${(cold.bytes / 1024).toFixed(0)} KiB`,
);
console.log(`                                wall      CPU`);
console.log(`load (pdfkit and the renderer)  ${s(loadMs)}  ${s(loadCpuMs)}`);
console.log(`cold render (first note)        ${s(cold.ms)}  ${s(cold.cpu)}`);
console.log(
  `cold, load included            ${s(loadMs + cold.ms)}  ${s(loadCpuMs + cold.cpu)}  (target ≤ 2 s)`,
);
console.log(`warm render, median of ${RUNS}      ${s(warmMs)}  ${s(warmCpu)}`);
console.log(loadMs + cold.ms <= 2000 && warmMs <= 2000 ? 'ok' : 'OVER');
