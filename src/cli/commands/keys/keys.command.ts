import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export function registerKeys(program: Command, action: ActionFactory): void {
  const load = () => import('./keys.actions.js');
  const keys = program
    .command('keys')
    .description('manage factory API keys (one per integration)')
    .addHelpText(
      'after',
      examples('factory keys create --name "ERP sync"', 'factory keys revoke key_01JD…'),
    );

  addListOptions(keys.command('list').description('list API keys (never the keys themselves)'))
    .addHelpText('after', examples('factory keys list'))
    .action(action(load, (m) => m.listKeys));

  keys
    .command('create')
    .description('create an API key; the key is shown once and cannot be recovered')
    .requiredOption('--name <name>', 'what the key is for')
    .option('--idempotency-key <key>', 'makes a retried create safe')
    .addHelpText(
      'after',
      examples(
        'factory keys create --name "ERP sync"',
        'factory keys create --name "ERP sync" --json | jq -r .key > erp.key',
      ),
    )
    .action(action(load, (m) => m.createKey));

  keys
    .command('revoke')
    .description('revoke an API key; it stops working at once')
    .argument('<key-id>', 'key id (key_…)')
    .addHelpText('after', examples('factory keys revoke key_01JD…'))
    .action(action(load, (m) => m.revokeKey));
}
