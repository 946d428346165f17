import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function registerPlans(program: Command, action: ActionFactory): void {
  program
    .command('plans')
    .description('list plans and prices (in pence, excluding VAT)')
    .addHelpText(
      'after',
      examples('factory plans', 'factory plans --json | jq ".[] | {id, price_pence}"'),
    )
    .action(
      action(
        () => import('./plans.actions.js'),
        (m) => m.listPlans,
      ),
    );
}
