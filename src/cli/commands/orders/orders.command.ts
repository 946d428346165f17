import { Option } from 'commander';
import type { Command } from 'commander';
import { ORDER_STATUSES } from '../../../contract/enums.js';
import type { ActionFactory } from '../shared/action.js';
import { examples, positiveInteger } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export function registerOrders(program: Command, action: ActionFactory): void {
  const load = () => import('./orders.actions.js');
  const orders = program
    .command('orders')
    .description('list, read, create, upload and cancel orders; print their labels')
    .addHelpText(
      'after',
      examples('factory orders list --stuck', 'factory orders get ord_01JD… --json | jq .status'),
    );

  addListOptions(
    orders
      .command('list')
      .description('list orders, newest first')
      .addOption(
        new Option('--status <status>', 'only orders in this status').choices(ORDER_STATUSES),
      )
      .option('--retailer <retailer>', 'only orders of this retailer: its code, or id (rtl_…)')
      .option('--stuck', 'only stuck orders')
      .addOption(
        new Option(
          '--stuck-reason <reason>',
          'only orders stuck for this reason (implies --stuck)',
        ).choices(['partially_dispatched', 'waiting_since']),
      )
      .option('--order-no <order-no>', 'only orders with this order number')
      .option('--needed-by-before <date>', 'only orders needed before this date (YYYY-MM-DD)')
      .option('--updated-since <time>', 'only orders changed since this time (ISO 8601)'),
  )
    .addHelpText(
      'after',
      examples(
        'factory orders list --status in_stock',
        'factory orders list --retailer ACME --all --json > acme.json',
        'factory orders list --stuck --all --json | jq -r ".[].order_no"',
        'factory orders list --stuck-reason waiting_since',
      ),
    )
    .action(action(load, (m) => m.listOrders));

  orders
    .command('get')
    .description('show one order with every piece and its scan history')
    .argument('<order>', 'order id (ord_…) or an order number unique in the factory')
    .addHelpText(
      'after',
      examples(
        'factory orders get ord_01JD…',
        'factory orders get PO-1042 --json | jq ".pieces | length"',
      ),
    )
    .action(action(load, (m) => m.getOrder));

  orders
    .command('create')
    .description('create an order from a JSON file, stdin, or flags for a one-line order')
    .option('--file <path>', 'the order as JSON (POST /v1/orders body); "-" reads stdin')
    .option('--retailer <retailer>', 'retailer code, or id (rtl_…)')
    .addOption(new Option('--retailer-id <id>', 'retailer id (rtl_…): as --retailer').hideHelp())
    .option('--order-no <order-no>', 'order number, unique per retailer')
    .option('--sku <sku>', 'SKU of the line')
    .option('--colour <colour>', 'colour of the line')
    .option('--qty <n>', 'number of units', positiveInteger)
    .option('--pieces-per-unit <n>', 'pieces in each unit', positiveInteger)
    .option('--piece-names <names>', 'names of the pieces of a unit, "|" between them')
    .option('--production-date <date>', 'production date (YYYY-MM-DD)')
    .option('--needed-by <date>', 'needed-by date (YYYY-MM-DD)')
    .option('--idempotency-key <key>', 'makes a retried create safe: same key, same answer')
    .addHelpText(
      'after',
      examples(
        'factory orders create --retailer ACME --order-no PO-1042 --sku SOFA-3S --colour Grey --qty 2 --pieces-per-unit 3',
        'factory orders create --file order.json',
        'cat order.json | factory orders create --file - --idempotency-key po-1042',
      ),
    )
    .action(action(load, (m) => m.createOrder));

  orders
    .command('upload')
    .description('create orders from a CSV file, all or nothing')
    .argument('<file>', 'CSV file; "-" reads stdin')
    .option('--dry-run', 'check the file without creating anything')
    .option('--idempotency-key <key>', 'makes a retried upload safe')
    .addHelpText(
      'after',
      `
Columns: order_no, retailer_code, sku, colour, qty, pieces_per_unit, production_date,
needed_by, piece_names ("|" between names). Rows with the same order_no and retailer_code
are lines of one order. Any bad row refuses the whole file; each bad row is listed on stderr.
${examples('factory orders upload orders.csv --dry-run', 'factory orders upload orders.csv --json | jq .orders_created')}`,
    )
    .action(action(load, (m) => m.uploadOrders));

  orders
    .command('cancel')
    .description('cancel an order (refused once any piece is dispatched)')
    .argument('<order>', 'order id (ord_…)')
    .addHelpText('after', examples('factory orders cancel ord_01JD…'))
    .action(action(load, (m) => m.cancelOrder));

  orders
    .command('labels')
    .description("download an order's labels, one 4×6 in label per piece")
    .argument('<order>', 'order id (ord_…)')
    .addOption(
      new Option('--format <format>', 'label format').choices(['pdf', 'zpl']).default('pdf'),
    )
    .addOption(new Option('--dpi <dpi>', 'printer resolution').choices(['203', '300']))
    .addOption(
      new Option('--pieces <pieces>', 'every piece, or only those never printed')
        .choices(['all', 'unprinted'])
        .default('all'),
    )
    .option('-o, --output <file>', 'write to this file (default: stdout, when piped)')
    .addHelpText(
      'after',
      examples(
        'factory orders labels ord_01JD… --output labels.pdf',
        'factory orders labels ord_01JD… --format zpl --dpi 203 --pieces unprinted | nc printer 9100',
      ),
    )
    .action(action(load, (m) => m.orderLabels));
}
