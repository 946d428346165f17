import { Option } from 'commander';
import type { Command } from 'commander';
import { PRINT_JOB_STATUSES } from '../../../contract/enums.js';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export function registerPrint(program: Command, action: ActionFactory): void {
  const load = () => import('./print.actions.js');
  const print = program
    .command('print')
    .description("print an order's labels on a printer; see, cancel and retry print jobs")
    .addHelpText(
      'after',
      examples(
        'factory print order PO-1042 --printer prn_01JD…',
        'factory print jobs --status interrupted',
      ),
    );

  print
    .command('order')
    .description("queue an order's labels on a printer")
    .argument('<order>', 'order id (ord_…) or order number')
    .requiredOption('--printer <printer-id>', 'printer id (prn_…)')
    .addOption(
      new Option('--pieces <which>', 'all labels, or only those never printed')
        .choices(['all', 'unprinted'])
        .default('all'),
    )
    .addHelpText(
      'after',
      examples(
        'factory print order PO-1042 --printer prn_01JD…',
        'factory print order ord_01JD… --printer prn_01JD… --pieces unprinted',
      ),
    )
    .action(action(load, (m) => m.printOrder));

  addListOptions(
    print
      .command('jobs')
      .description('list print jobs, newest first')
      .option('--printer <printer-id>', 'only jobs of this printer')
      .addOption(
        new Option('--status <status>', 'only jobs in this status').choices([
          ...PRINT_JOB_STATUSES,
        ]),
      ),
  )
    .addHelpText('after', examples('factory print jobs --status interrupted'))
    .action(action(load, (m) => m.listJobs));

  print
    .command('cancel')
    .description('cancel a queued print job')
    .argument('<job-id>', 'print job id (pjb_…)')
    .addHelpText('after', examples('factory print cancel pjb_01JD…'))
    .action(action(load, (m) => m.cancelJob));

  print
    .command('retry')
    .description(
      'print a failed, interrupted or cancelled job again (an interrupted one may be partly on paper)',
    )
    .argument('<job-id>', 'print job id (pjb_…)')
    .addHelpText('after', examples('factory print retry pjb_01JD…'))
    .action(action(load, (m) => m.retryJob));
}
