import { Option } from 'commander';
import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export function registerReturns(program: Command, action: ActionFactory): void {
  const load = () => import('./returns.actions.js');
  const returns = program
    .command('returns')
    .description('receive returned pieces, then restock them at a bay or write them off')
    .addHelpText(
      'after',
      examples(
        'factory returns create "FD 0000042" --reason damaged',
        'factory returns restock ret_01JD… --location BAY-2',
      ),
    );

  addListOptions(
    returns
      .command('list')
      .description('list returns, newest first')
      .addOption(
        new Option('--status <status>', 'only returns in this status').choices([
          'received',
          'restocked',
          'written_off',
        ]),
      ),
  )
    .addHelpText('after', examples('factory returns list --status received'))
    .action(action(load, (m) => m.listReturns));

  returns
    .command('get')
    .description('show one return')
    .argument('<return-id>', 'return id (ret_…)')
    .addHelpText('after', examples('factory returns get ret_01JD…'))
    .action(action(load, (m) => m.getReturn));

  returns
    .command('create')
    .description('receive a dispatched piece back; it stays out of stock until closed')
    .argument('[barcode]', 'barcode of the returned piece (as typed or scanned)')
    .addOption(
      new Option('--barcode <barcode>', 'the same, as an option (kept for scripts)').conflicts(
        'pieceId',
      ),
    )
    .option('--piece-id <id>', 'id of the returned piece (pce_…), instead of a barcode')
    .option('--reason <text>', 'why it came back')
    .option('--idempotency-key <key>', 'makes a retried create safe')
    .addHelpText(
      'after',
      examples(
        'factory returns create "FD 0000042" --reason "damaged in transit"',
        'factory returns create --piece-id pce_01JD…',
      ),
    )
    .action(action(load, (m) => m.createReturn));

  returns
    .command('restock')
    .description('put a returned piece back in stock at a bay')
    .argument('<return-id>', 'return id (ret_…)')
    .requiredOption('--location <bay>', 'the bay it goes to')
    .addHelpText('after', examples('factory returns restock ret_01JD… --location BAY-2'))
    .action(action(load, (m) => m.restockReturn));

  returns
    .command('write-off')
    .description('write a returned piece off')
    .argument('<return-id>', 'return id (ret_…)')
    .addHelpText('after', examples('factory returns write-off ret_01JD…'))
    .action(action(load, (m) => m.writeOffReturn));
}
