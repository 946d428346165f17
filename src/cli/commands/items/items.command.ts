import { Option } from 'commander';
import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function registerItems(program: Command, action: ActionFactory): void {
  const load = () => import('./items.actions.js');
  const items = program
    .command('items')
    .description('act on one labelled piece by its barcode: void its label, reprint it')
    .addHelpText('after', examples('factory items void "FD 0000042" --reason "label torn"'));

  items
    .command('void')
    .description('void a label forever; the piece gets a new barcode to print')
    .argument('<barcode>', 'the barcode, e.g. "FD 0000042" (quote the space)')
    .option('--reason <text>', 'why the label is voided')
    .addHelpText(
      'after',
      examples(
        'factory items void "FD 0000042" --reason "label torn"',
        'factory items void "FD 0000042" --json | jq -r .replacement_barcode',
      ),
    )
    .action(action(load, (m) => m.voidItem));

  items
    .command('label')
    .description("download one piece's label")
    .argument('<barcode>', 'the barcode, e.g. "FD 0000042"')
    .addOption(
      new Option('--format <format>', 'label format').choices(['pdf', 'zpl']).default('pdf'),
    )
    .addOption(new Option('--dpi <dpi>', 'printer resolution').choices(['203', '300']))
    .option('-o, --output <file>', 'write to this file (default: stdout, when piped)')
    .addHelpText(
      'after',
      examples(
        'factory items label "FD 0000043" --output piece.pdf',
        'factory items label "FD 0000043" --format zpl | nc printer 9100',
      ),
    )
    .action(action(load, (m) => m.itemLabel));
}
