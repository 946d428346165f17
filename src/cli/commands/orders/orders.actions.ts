import { isIdOf } from '../../../domain/ids.js';
import { unchecked } from '../../api-client.js';
import type { Answer, Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { createProgress } from '../../output/progress.js';
import type { Column } from '../../output/table.js';
import type { Output } from '../../output/output.js';
import { saveDownload } from '../shared/download.js';
import { readFileArgument, readJsonArgument } from '../shared/input.js';
import { printList } from '../shared/list.js';
import type { ListOptions } from '../shared/list.js';

type ListedOrder = Item<'/v1/orders'>;

function statusColumn(output: Output): Column<ListedOrder> {
  return {
    header: 'status',
    // The status says why too: a stuck `partially_dispatched` order is part dispatched, any other
    // stuck order waits (stuck_reason in --json).
    value: (order) => (order.stuck ? `${order.status} (stuck)` : order.status),
    style: (text, _raw, order) => {
      if (order.stuck) return output.style.yellow(text);
      if (order.status === 'dispatched') return output.style.green(text);
      if (order.status === 'cancelled') return output.style.dim(text);
      return text;
    },
  };
}

function orderColumns(output: Output): Column<ListedOrder>[] {
  return [
    // On a narrow terminal: `created` goes first, then `items`; the id and status stay whole.
    { header: 'id', value: (order) => order.id, keep: true },
    { header: 'order no', value: (order) => order.order_no, priority: 4 },
    { header: 'retailer', value: (order) => order.retailer_code, priority: 3 },
    { ...statusColumn(output), priority: 4 },
    {
      header: 'dispatched',
      value: (order) => `${String(order.pieces_dispatched)}/${String(order.pieces_total)}`,
      priority: 2,
    },
    { header: 'items', value: (order) => order.items, priority: 1 },
    { header: 'needed by', value: (order) => order.needed_by, priority: 2 },
    { header: 'created', value: (order) => order.created_at, priority: 0 },
  ];
}

type Order = Answer<'/v1/orders/{id}', 'get'>;

const PIECE_COLUMNS: Column<Order['pieces'][number]>[] = [
  { header: 'barcode', value: (piece) => piece.barcode, keep: true },
  { header: 'unit', value: (piece) => piece.unit_no },
  { header: 'piece', value: (piece) => piece.piece_no },
  { header: 'name', value: (piece) => piece.piece_name },
  { header: 'status', value: (piece) => piece.status },
  { header: 'location', value: (piece) => piece.location },
  { header: 'label printed', value: (piece) => piece.label_printed_at },
];

const SCAN_COLUMNS: Column<Order['scans'][number]>[] = [
  { header: 'at', value: (scan) => scan.at },
  { header: 'event', value: (scan) => scan.event },
  { header: 'barcode', value: (scan) => scan.barcode },
  { header: 'accepted', value: (scan) => scan.accepted },
  { header: 'reason', value: (scan) => scan.reason },
  { header: 'location', value: (scan) => scan.location },
  { header: 'station', value: (scan) => scan.station },
];

const LINE_COLUMNS: Column<Order['lines'][number]>[] = [
  { header: 'sku', value: (line) => line.sku },
  { header: 'colour', value: (line) => line.colour },
  { header: 'qty', value: (line) => line.qty },
  { header: 'pieces per unit', value: (line) => line.pieces_per_unit },
  { header: 'piece names', value: (line) => line.piece_names },
];

/** An order on a terminal: its fields, then lines, pieces and scans as tables. */
export function printOrder(ctx: CommandContext, order: Order): void {
  ctx.output.record(order, {
    title: `Order ${order.order_no} (${order.id})`,
    // The first line's fields repeat what the lines table shows.
    omit: ['sku', 'colour', 'qty', 'pieces_per_unit'],
    tables: { lines: LINE_COLUMNS, pieces: PIECE_COLUMNS, scans: SCAN_COLUMNS },
  });
}

interface ListOrdersOptions extends ListOptions {
  status?: string;
  retailer?: string;
  stuck?: boolean;
  stuckReason?: string;
  orderNo?: string;
  neededByBefore?: string;
  updatedSince?: string;
}

export async function listOrders(ctx: CommandContext, options: ListOrdersOptions) {
  const query = {
    status: options.status,
    retailer: options.retailer,
    stuck: options.stuck || options.stuckReason ? true : undefined,
    stuck_reason: options.stuckReason,
    order_no: options.orderNo,
    needed_by_before: options.neededByBefore,
    updated_since: options.updatedSince,
  };
  await printList(
    ctx,
    '/v1/orders',
    { query: unchecked(query) },
    options,
    orderColumns(ctx.output),
    'No orders.',
  );
}

export async function getOrder(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  printOrder(ctx, await client.get('/v1/orders/{id}', { path: { id: id! } }));
}

interface CreateOrderOptions {
  file?: string;
  retailer?: string;
  retailerId?: string;
  orderNo?: string;
  sku?: string;
  colour?: string;
  qty?: number;
  piecesPerUnit?: number;
  pieceNames?: string;
  productionDate?: string;
  neededBy?: string;
  idempotencyKey?: string;
}

export async function createOrder(ctx: CommandContext, options: CreateOrderOptions) {
  const body = options.file ? await orderFromFile(ctx, options) : orderFromFlags(options);
  const client = await ctx.client();
  const order = await client.post('/v1/orders', {
    body: unchecked(body),
    idempotencyKey: options.idempotencyKey,
  });
  printOrder(ctx, order);
}

async function orderFromFile(ctx: CommandContext, options: CreateOrderOptions) {
  const lineFlags = [
    options.retailer,
    options.retailerId,
    options.orderNo,
    options.sku,
    options.colour,
    options.qty,
    options.piecesPerUnit,
    options.pieceNames,
    options.productionDate,
    options.neededBy,
  ];
  if (lineFlags.some((flag) => flag !== undefined)) {
    throw new UsageError('give the order either as --file or as flags, not both');
  }
  const body = await readJsonArgument(ctx, options.file!);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new UsageError(`${options.file} must hold one JSON object (the order)`);
  }
  return body;
}

function orderFromFlags(options: CreateOrderOptions) {
  const missing = [
    options.retailer || options.retailerId ? undefined : '--retailer',
    options.orderNo ? undefined : '--order-no',
    options.sku ? undefined : '--sku',
    options.qty ? undefined : '--qty',
    options.piecesPerUnit ? undefined : '--pieces-per-unit',
  ].filter(Boolean);
  if (missing.length > 0) {
    throw new UsageError(`missing ${missing.join(', ')} (or give the whole order with --file)`);
  }
  if (options.retailer && options.retailerId) {
    throw new UsageError('give --retailer or --retailer-id, not both');
  }
  const retailer = (options.retailer ?? options.retailerId)!;
  return {
    order_no: options.orderNo,
    ...(isIdOf('retailer', retailer) ? { retailer_id: retailer } : { retailer_code: retailer }),
    ...(options.productionDate ? { production_date: options.productionDate } : {}),
    ...(options.neededBy ? { needed_by: options.neededBy } : {}),
    lines: [
      {
        sku: options.sku,
        colour: options.colour ?? null,
        qty: options.qty,
        pieces_per_unit: options.piecesPerUnit,
        ...(options.pieceNames ? { piece_names: options.pieceNames.split('|') } : {}),
      },
    ],
  };
}

interface UploadOptions {
  dryRun?: boolean;
  idempotencyKey?: string;
}

export async function uploadOrders(ctx: CommandContext, options: UploadOptions, [file]: string[]) {
  const data = await readFileArgument(ctx, file!);
  const client = await ctx.client();
  const progress = createProgress(ctx.io.stderr, options.dryRun ? 'checking' : 'uploading');
  let result: Answer<'/v1/orders/upload', 'post'>;
  try {
    result = await client.upload('/v1/orders/upload', data, {
      contentType: 'text/csv',
      query: { dry_run: options.dryRun ? true : undefined },
      idempotencyKey: options.idempotencyKey,
      onProgress: (sent, total) => progress.update(sent, total),
    });
  } finally {
    progress.finish();
  }
  if (ctx.output.json) return ctx.output.writeJson(result);
  const count = result.orders_created;
  const orders = result.orders;
  const summary = result.dry_run
    ? `The file is valid: ${orders.length || count} order(s) would be created. Nothing was written.`
    : `Created ${count} order(s).`;
  ctx.output.write(`${ctx.output.style.green('✓')} ${summary}\n`);
  if (orders.length > 0) {
    ctx.output.list(orders, [
      { header: 'id', value: (order) => order.id, keep: true },
      { header: 'order no', value: (order) => order.order_no },
    ]);
  }
}

export async function cancelOrder(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  printOrder(ctx, await client.post('/v1/orders/{id}/cancel', { path: { id: id! } }));
}

interface LabelOptions {
  format: 'pdf' | 'zpl';
  dpi?: string;
  pieces: 'all' | 'unprinted';
  output?: string;
}

export async function orderLabels(ctx: CommandContext, options: LabelOptions, [id]: string[]) {
  await saveDownload(
    ctx,
    '/v1/orders/{id}/labels',
    {
      path: { id: id! },
      query: unchecked({ format: options.format, dpi: options.dpi, pieces: options.pieces }),
    },
    { output: options.output, binary: options.format === 'pdf', label: 'labels' },
  );
}
