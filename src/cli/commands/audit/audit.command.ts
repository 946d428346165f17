import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export function registerAudit(program: Command, action: ActionFactory): void {
  const load = () => import('./audit.actions.js');
  const audit = program
    .command('audit')
    .description('the audit trail: who changed what, and a check that no row was edited or deleted')
    .addHelpText(
      'after',
      examples('factory audit list --action order.cancel', 'factory audit verify'),
    );

  addListOptions(
    audit
      .command('list')
      .description('list changes, newest first')
      .option('--actor-id <id>', 'only changes by this staff user, API key or retailer user')
      .option('--action <action>', 'only this action, e.g. order.cancel')
      .option('--target-id <id>', 'only changes to this record')
      .option('--from <time>', 'only changes at or after this ISO 8601 instant')
      .option('--to <time>', 'only changes before this ISO 8601 instant'),
  )
    .addHelpText(
      'after',
      examples(
        'factory audit list --target-id ord_01JD…',
        'factory audit list --from 2026-11-01T00:00:00Z --all --json',
      ),
    )
    .action(action(load, (m) => m.listAudit));

  audit
    .command('verify')
    .description("check the audit trail's hash chain; exit 1 naming the first broken row")
    .addHelpText('after', examples('factory audit verify'))
    .action(action(load, (m) => m.verifyAudit));
}
