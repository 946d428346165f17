import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function registerSettings(program: Command, action: ActionFactory): void {
  const load = () => import('./settings.actions.js');
  const settings = program
    .command('settings')
    .description("read and change the factory's settings")
    .addHelpText(
      'after',
      examples('factory settings get', 'factory settings set stuck_after_days=5'),
    );

  settings
    .command('get')
    .description('show every setting')
    .addHelpText(
      'after',
      examples('factory settings get', 'factory settings get --json | jq .stuck_after_days'),
    )
    .action(action(load, (m) => m.getSettings));

  settings
    .command('set')
    .description('change settings; values that read as JSON (numbers, true, null) are sent as such')
    .argument('<key=value...>', 'one or more settings')
    .addHelpText(
      'after',
      examples(
        'factory settings set stuck_after_days=5',
        'factory settings set timezone=Europe/London station_app_scheme=factoryscan',
        'factory settings set public_url=https://factory.example.com',
        'factory settings set \'webhook_allowed_hosts=["10.0.0.0/8"]\'',
      ),
    )
    .action(action(load, (m) => m.setSettings));
}
