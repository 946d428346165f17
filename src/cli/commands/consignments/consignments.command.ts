import { Option } from 'commander';
import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export function registerConsignments(program: Command, action: ActionFactory): void {
  const load = () => import('./consignments.actions.js');
  const consignments = program
    .command('consignments')
    .description(
      'dispatch: consignments loaded by scan, their pallets, delivery notes and SSCC labels',
    )
    .addHelpText(
      'after',
      examples(
        'factory consignments create --retailer-id rtl_01JD… --carrier "Swift Haulage"',
        'factory consignments close cns_01JD…',
        'factory consignments delivery-note cns_01JD… -o note.pdf',
      ),
    );

  addListOptions(
    consignments
      .command('list')
      .description('list consignments, newest first, with their loading progress')
      .addOption(
        new Option('--status <status>', 'only consignments in this status').choices([
          'open',
          'closed',
          'cancelled',
        ]),
      )
      .option('--retailer-id <id>', 'only consignments to this retailer (rtl_…)'),
  )
    .addHelpText('after', examples('factory consignments list --status open'))
    .action(action(load, (m) => m.listConsignments));

  consignments
    .command('create')
    .description('open a consignment for one retailer (numbered CN 000001 onwards)')
    .requiredOption('--retailer-id <id>', 'the retailer it goes to (rtl_…)')
    .option('--reference <text>', "the retailer's or the haulier's reference")
    .option('--carrier <name>', 'who carries it')
    .option('--vehicle <text>', 'vehicle registration')
    .option('--notes <text>', 'notes for the delivery note')
    .option('--idempotency-key <key>', 'makes a retried create safe')
    .addHelpText(
      'after',
      examples('factory consignments create --retailer-id rtl_01JD… --reference WK48'),
    )
    .action(action(load, (m) => m.createConsignment));

  consignments
    .command('get')
    .description('show a consignment with its orders, units and pieces, loaded and still to load')
    .argument('<consignment-id>', 'consignment id (cns_…)')
    .addHelpText(
      'after',
      examples('factory consignments get cns_01JD… --json | jq .incomplete_units'),
    )
    .action(action(load, (m) => m.getConsignment));

  consignments
    .command('close')
    .description('close a consignment; refused while a unit is partly loaded unless --force')
    .argument('<consignment-id>', 'consignment id (cns_…)')
    .option('--force', 'close even with a unit partly loaded (needs --reason)')
    .option('--reason <text>', 'why a unit leaves incomplete (kept with the consignment)')
    .addHelpText(
      'after',
      examples(
        'factory consignments close cns_01JD…',
        'factory consignments close cns_01JD… --force --reason "legs follow on Friday"',
      ),
    )
    .action(action(load, (m) => m.closeConsignment));

  consignments
    .command('cancel')
    .description('cancel a consignment while nothing is loaded on it')
    .argument('<consignment-id>', 'consignment id (cns_…)')
    .addHelpText('after', examples('factory consignments cancel cns_01JD…'))
    .action(action(load, (m) => m.cancelConsignment));

  const units = consignments
    .command('units')
    .description('handling units (pallets, cages) of a consignment, each with an SSCC');
  units
    .command('add')
    .description('add a handling unit with a new SSCC')
    .argument('<consignment-id>', 'consignment id (cns_…)')
    .option('--idempotency-key <key>', 'makes a retried add safe')
    .addHelpText('after', examples('factory consignments units add cns_01JD…'))
    .action(action(load, (m) => m.addHandlingUnit));

  consignments
    .command('delivery-note')
    .description('download the delivery note (PDF)')
    .argument('<consignment-id>', 'consignment id (cns_…)')
    .option('-o, --output <file>', 'write to this file (default: stdout, when piped)')
    .addHelpText('after', examples('factory consignments delivery-note cns_01JD… -o note.pdf'))
    .action(action(load, (m) => m.deliveryNote));

  consignments
    .command('labels')
    .description('download the SSCC labels of its handling units (GS1-128)')
    .argument('<consignment-id>', 'consignment id (cns_…)')
    .addOption(
      new Option('--format <format>', 'label format').choices(['pdf', 'zpl']).default('pdf'),
    )
    .addOption(
      new Option('--dpi <dpi>', 'printer resolution').choices(['203', '300']).default('203'),
    )
    .option('-o, --output <file>', 'write to this file (default: stdout, when piped)')
    .addHelpText(
      'after',
      examples('factory consignments labels cns_01JD… --format zpl > pallets.zpl'),
    )
    .action(action(load, (m) => m.ssccLabels));
}
