import { Option } from 'commander';
import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function registerHardware(program: Command, action: ActionFactory): void {
  const hardware = program
    .command('hardware')
    .description('scanner hardware helpers')
    .addHelpText('after', examples('factory hardware test-label --output test-label.pdf'));

  hardware
    .command('test-label')
    .description('download the test label for checking a scanner; scanning it touches no order')
    .addOption(
      new Option('--format <format>', 'label format').choices(['pdf', 'zpl']).default('pdf'),
    )
    .addOption(
      new Option('--dpi <dpi>', 'printer resolution').choices(['203', '300']).default('203'),
    )
    .option('-o, --output <file>', 'write to this file (default: stdout, when piped)')
    .addHelpText(
      'after',
      examples(
        'factory hardware test-label --output test-label.pdf',
        'factory hardware test-label --format zpl --dpi 300 | nc printer 9100',
      ),
    )
    .action(
      action(
        () => import('./hardware.actions.js'),
        (m) => m.testLabel,
      ),
    );
}
