import { Option } from 'commander';
import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export function registerWebhooks(program: Command, action: ActionFactory): void {
  const load = () => import('./webhooks.actions.js');
  const webhooks = program
    .command('webhooks')
    .description('register webhook endpoints and inspect or retry their deliveries')
    .addHelpText(
      'after',
      examples(
        'factory webhooks create https://erp.example/hooks/factory --events order.created,order.stuck',
        'factory webhooks deliveries --status failed',
      ),
    );

  addListOptions(webhooks.command('list').description('list webhook endpoints'))
    .addHelpText('after', examples('factory webhooks list'))
    .action(action(load, (m) => m.listWebhooks));

  webhooks
    .command('get')
    .description('show one webhook endpoint')
    .argument('<endpoint-id>', 'endpoint id (whe_…)')
    .addHelpText('after', examples('factory webhooks get whe_01JD…'))
    .action(action(load, (m) => m.getWebhook));

  webhooks
    .command('create')
    .description('register an endpoint; its signing secret is shown once')
    .argument('<url>', 'where deliveries are POSTed (http or https)')
    .option('--events <types>', 'event types, comma separated, or * for all', '*')
    .option('--description <text>', 'what the endpoint is')
    .option('--idempotency-key <key>', 'makes a retried create safe')
    .addHelpText(
      'after',
      examples(
        'factory webhooks create https://erp.example/hooks/factory',
        'factory webhooks create http://10.0.0.5:9000/in --events order.created,order.stuck --json | jq -r .secret',
      ),
    )
    .action(action(load, (m) => m.createWebhook));

  webhooks
    .command('update')
    .description('change an endpoint: its URL, events, description; enable or disable it')
    .argument('<endpoint-id>', 'endpoint id (whe_…)')
    .option('--endpoint-url <url>', 'new URL')
    .option('--events <types>', 'event types, comma separated, or *')
    .option('--description <text>', 'new description')
    .addOption(new Option('--enable', 'resume deliveries').conflicts('disable'))
    .option('--disable', 'stop deliveries')
    .addHelpText(
      'after',
      examples(
        'factory webhooks update whe_01JD… --enable',
        'factory webhooks update whe_01JD… --events "*"',
      ),
    )
    .action(action(load, (m) => m.updateWebhook));

  webhooks
    .command('delete')
    .description('delete an endpoint; nothing more is delivered to it')
    .argument('<endpoint-id>', 'endpoint id (whe_…)')
    .addHelpText('after', examples('factory webhooks delete whe_01JD…'))
    .action(action(load, (m) => m.deleteWebhook));

  addListOptions(
    webhooks
      .command('deliveries')
      .description('list recent deliveries, newest first')
      .option('--endpoint <endpoint-id>', 'only deliveries to this endpoint')
      .addOption(
        new Option('--status <status>', 'only deliveries in this status').choices([
          'pending',
          'succeeded',
          'retrying',
          'failed',
        ]),
      )
      .option('--event-type <type>', 'only deliveries of this event type')
      .option('--event-id <event-id>', 'only the deliveries of this event (evt_…)'),
  )
    .addHelpText(
      'after',
      examples(
        'factory webhooks deliveries --status failed',
        'factory webhooks deliveries --endpoint whe_01JD… --all --json',
      ),
    )
    .action(action(load, (m) => m.listDeliveries));

  webhooks
    .command('rotate-secret')
    .description('give an endpoint a new signing secret; the old one signs too for a while')
    .argument('<endpoint-id>', 'endpoint id (whe_…)')
    .option(
      '--old-until <when>',
      'when the old secret stops signing: 24h (default), 2h, 0m, a date',
    )
    .addHelpText(
      'after',
      examples(
        'factory webhooks rotate-secret whe_01JD…',
        'factory webhooks rotate-secret whe_01JD… --old-until 2h --json | jq -r .secret',
      ),
    )
    .action(action(load, (m) => m.rotateSecret));

  webhooks
    .command('retry')
    .description(
      'deliver again now: one delivery, or every failed one of a time window (--since), of one endpoint or all',
    )
    .argument('[delivery-id]', 'delivery id (dlv_…); leave out to retry many with --since')
    .option(
      '--since <when>',
      'retry the deliveries made since then: a time (2026-11-26T08:00:00Z, 2026-11-26) or an age (30m, 6h, 2d)',
    )
    .option('--until <when>', 'and made before this time or age')
    .option('--endpoint <endpoint-id>', 'only deliveries to this endpoint')
    .addOption(
      new Option(
        '--status <status>',
        'which deliveries: failed, or retrying (due now, not at their backoff)',
      )
        .choices(['failed', 'retrying'])
        .default('failed'),
    )
    .addHelpText(
      'after',
      examples(
        'factory webhooks retry dlv_01JD…',
        'factory webhooks retry --endpoint whe_01JD… --since 6h',
        'factory webhooks retry --since 2026-11-26T08:00:00Z --until 2026-11-26T12:00:00Z',
      ),
    )
    .action(action(load, (m) => m.retryDelivery));
}
