import { Option } from 'commander';
import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

const LANGUAGES = ['en', 'pl', 'ro'];

export function registerOperators(program: Command, action: ActionFactory): void {
  const load = () => import('./operators.actions.js');
  const operators = program
    .command('operators')
    .description('people at the stations: each signs in by scanning their badge')
    .addHelpText(
      'after',
      examples(
        'factory operators create --name "Ana Kowalska" --language pl',
        'factory operators badge opr_01JD… --output ana.pdf',
      ),
    );

  addListOptions(operators.command('list').description('list operators, newest first'))
    .addHelpText('after', examples('factory operators list --all --json'))
    .action(action(load, (m) => m.listOperators));

  operators
    .command('get')
    .description('show one operator')
    .argument('<operator-id>', 'operator id (opr_…)')
    .addHelpText('after', examples('factory operators get opr_01JD…'))
    .action(action(load, (m) => m.getOperator));

  operators
    .command('create')
    .description('add an operator; their badge (OP 000001…) is numbered by the server')
    .requiredOption('--name <name>', 'their name, as the station greets them')
    .addOption(new Option('--language <code>', 'the station page’s language').choices(LANGUAGES))
    .option('--idempotency-key <key>', 'makes a retried create safe')
    .addHelpText('after', examples('factory operators create --name "Ion Popescu" --language ro'))
    .action(action(load, (m) => m.createOperator));

  operators
    .command('update')
    .description('rename, change the language, or (de)activate an operator')
    .argument('<operator-id>', 'operator id (opr_…)')
    .option('--name <name>', 'a new name')
    .addOption(new Option('--language <code>', 'a new language').choices(LANGUAGES))
    .option('--active', 'activate')
    .option('--no-active', 'deactivate: their badge is refused, they are signed out')
    .addHelpText('after', examples('factory operators update opr_01JD… --no-active'))
    .action(action(load, (m) => m.updateOperator));

  operators
    .command('badge')
    .description('download an operator’s badge to print, or the sign-out badge (id: sign-out)')
    .argument('<operator-id>', 'operator id (opr_…), or sign-out')
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
        'factory operators badge opr_01JD… --output ana.pdf',
        'factory operators badge sign-out --format zpl | nc printer 9100',
      ),
    )
    .action(action(load, (m) => m.badge));
}
