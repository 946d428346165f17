import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export function registerEvents(program: Command, action: ActionFactory): void {
  const load = () => import('./events.actions.js');
  const events = program
    .command('events')
    .description('the events webhooks carry, to look at or replay (kept as long as deliveries)')
    .addHelpText(
      'after',
      examples(
        'factory events list --type order.created',
        'factory events list --created-after 2026-11-26T08:00:00Z --all --json',
      ),
    );

  addListOptions(
    events
      .command('list')
      .description('list events, newest first')
      .option('--type <type>', 'only events of this type (order.created, scan.recorded, …)')
      .option('--created-after <instant>', 'only events at or after this ISO 8601 instant'),
  )
    .addHelpText('after', examples('factory events list --type order.updated --limit 5'))
    .action(action(load, (m) => m.listEvents));

  events
    .command('get')
    .description('one event with its data')
    .argument('<event-id>', 'event id (evt_…), the webhook-id of its deliveries')
    .addHelpText('after', examples('factory events get evt_01JD… --json | jq .data'))
    .action(action(load, (m) => m.getEvent));
}
