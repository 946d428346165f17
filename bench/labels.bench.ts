// Labels: how long a 1,000-piece order and the test label take to render (DESIGN §10:
// ZPL ≤ 0.5 s, PDF ≤ 5 s for 1,000 pieces; test label ≤ 100 ms).
// Run: npx tsx bench/labels.bench.ts
import { performance } from 'node:perf_hooks';
import { encodeCode128, encodeQr } from '../src/labels/barcode-symbols.js';
import { testLabel, type LabelDpi, type PieceLabel } from '../src/labels/label.model.js';
import { renderLabels } from '../src/labels/render-labels.js';

const PIECES = 1_000;
const RUNS = 3;

function order(pieces: number): PieceLabel[] {
  const perUnit = 4;
  return Array.from({ length: pieces }, (_, i) => ({
    kind: 'piece',
    barcode: `ACME ${String(i + 1).padStart(7, '0')}`,
    order_no: 'PO-2026-0042',
    retailer_name: 'Northwind Furniture Ltd',
    sku: 'SOFA-3S-CORNER',
    colour: 'Charcoal Grey',
    unit_no: Math.floor(i / perUnit) + 1,
    units_total: Math.ceil(pieces / perUnit),
    piece_no: (i % perUnit) + 1,
    pieces_per_unit: perUnit,
    piece_name: ['Frame', 'Cushions', 'Back cushions', 'Legs'][i % perUnit] ?? null,
    needed_by: '2026-12-01',
  }));
}

async function time(run: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Median of RUNS after one warm-up run (the first pays for JIT and font loading). */
async function median(
  run: () => Promise<unknown> | unknown,
): Promise<{ first: number; median: number }> {
  const first = await time(run);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await time(run));
  times.sort((a, b) => a - b);
  return { first, median: times[Math.floor(times.length / 2)] ?? first };
}

const labels = order(PIECES);
const rows: Array<{
  what: string;
  first: number;
  median: number;
  target: number;
  baseline?: number;
}> = [];

// The floor under every label run: encoding the barcodes alone, no layout or drawing.
const encode = await median(() => {
  for (const label of labels) {
    encodeCode128(label.barcode);
    encodeQr(label.barcode);
  }
});
rows.push({ what: `encode ${PIECES} Code 128 + QR (baseline)`, ...encode, target: NaN });

for (const dpi of [203, 300] as LabelDpi[]) {
  const testPdf = await median(() => renderLabels([testLabel()], 'pdf', dpi));
  rows.push({ what: `test label, PDF, ${dpi} dpi`, ...testPdf, target: 100 });
  const testZpl = await median(() => renderLabels([testLabel()], 'zpl', dpi));
  rows.push({ what: `test label, ZPL, ${dpi} dpi`, ...testZpl, target: 100 });
  const zpl = await median(() => renderLabels(labels, 'zpl', dpi));
  rows.push({
    what: `${PIECES} pieces, ZPL, ${dpi} dpi`,
    ...zpl,
    target: 500,
    baseline: encode.median,
  });
  const pdf = await median(() => renderLabels(labels, 'pdf', dpi));
  rows.push({
    what: `${PIECES} pieces, PDF, ${dpi} dpi`,
    ...pdf,
    target: 5000,
    baseline: encode.median,
  });
}

const pdfSize = (await renderLabels(labels, 'pdf', 203)).body.length;
const zplSize = (await renderLabels(labels, 'zpl', 203)).body.length;

const ms = (n: number) => (Number.isNaN(n) ? '' : `${n.toFixed(1)} ms`);
const table = rows.map((row) => ({
  what: row.what,
  'first run': ms(row.first),
  [`median of ${RUNS}`]: ms(row.median),
  target: Number.isNaN(row.target) ? '' : `≤ ${row.target} ms`,
  'vs baseline': row.baseline ? `${(row.median / row.baseline).toFixed(2)}×` : '',
  verdict: Number.isNaN(row.target) ? '' : row.median <= row.target ? 'ok' : 'SLOW',
}));
console.log(`Labels benchmark — Node ${process.version}, ${PIECES}-piece order`);
console.table(table);
console.log(
  `sizes at 203 dpi: PDF ${(pdfSize / 1024).toFixed(0)} KiB (${(pdfSize / PIECES / 1024).toFixed(1)} KiB a label), ` +
    `ZPL ${(zplSize / 1024).toFixed(0)} KiB`,
);
if (rows.some((row) => !Number.isNaN(row.target) && row.median > row.target)) process.exitCode = 1;
