import type { Command } from 'commander';
import { API_KEY_SCOPES } from '../../../contract/enums.js';
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
      examples(
        'factory keys create --name "ERP sync" --scope read,orders:write --expires 90d',
        'factory keys roll key_01JD… --overlap 24h',
        'factory keys revoke key_01JD…',
      ),
    );

  addListOptions(keys.command('list').description('list API keys (never the keys themselves)'))
    .addHelpText('after', examples('factory keys list'))
    .action(action(load, (m) => m.listKeys));

  keys
    .command('create')
    .description('create an API key; the key is shown once and cannot be recovered')
    .requiredOption('--name <name>', 'what the key is for')
    .option(
      '--scope <scopes...>',
      `what it may call: ${API_KEY_SCOPES.join(', ')} (repeat or comma separate; default admin)`,
    )
    .option('--expires <when>', 'when it stops working: 90d, 12h, 2027-01-31 or an ISO instant')
    .option('--idempotency-key <key>', 'makes a retried create safe')
    .addHelpText(
      'after',
      examples(
        'factory keys create --name "ERP sync"',
        'factory keys create --name "Label printer" --scope labels --expires 2027-06-30',
        'factory keys create --name "ERP sync" --scope read,orders:write --json | jq -r .key > erp.key',
      ),
    )
    .action(action(load, (m) => m.createKey));

  keys
    .command('roll')
    .description('replace a key with a new one; the old one keeps working for an overlap')
    .argument('<key-id>', 'key id (key_…)')
    .option('--overlap <span>', 'how long the old key keeps working: 24h (default), 7d, 0m')
    .option('--expires <when>', 'when the new key stops working: 90d, 2027-01-31, …')
    .option('--idempotency-key <key>', 'makes a retried roll safe')
    .addHelpText(
      'after',
      examples(
        'factory keys roll key_01JD…',
        'factory keys roll key_01JD… --overlap 2h --json | jq -r .key > erp.key',
      ),
    )
    .action(action(load, (m) => m.rollKey));

  keys
    .command('revoke')
    .description('revoke an API key; it stops working at once')
    .argument('<key-id>', 'key id (key_…)')
    .addHelpText('after', examples('factory keys revoke key_01JD…'))
    .action(action(load, (m) => m.revokeKey));
}
