import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function registerTui(program: Command, action: ActionFactory): void {
  program
    .command('tui')
    .description('terminal UI for supervisors: keys, stations and pairing, settings, returns')
    .addHelpText('after', examples('factory tui', 'factory tui --profile night'))
    .action(
      action(
        () => import('./tui.actions.js'),
        (m) => m.openTui,
      ),
    );
}
