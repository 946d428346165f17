import { Option } from 'commander';
import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export function registerPrinters(program: Command, action: ActionFactory): void {
  const load = () => import('./printers.actions.js');
  const printers = program
    .command('printers')
    .description('add label and document printers, see their state, print a test label')
    .addHelpText(
      'after',
      examples(
        'factory printers add "Dock Zebra" --language zpl --uri tcp://10.0.0.50:9100',
        'factory printers add Office --language pdf --uri ipp://cups-host:631/printers/office',
        'factory printers test prn_01JD…',
      ),
    );

  addListOptions(printers.command('list').description('list printers with their state'))
    .addHelpText('after', examples('factory printers list'))
    .action(action(load, (m) => m.listPrinters));

  printers
    .command('get')
    .description('show one printer: its state and reasons')
    .argument('<printer-id>', 'printer id (prn_…)')
    .addHelpText('after', examples('factory printers get prn_01JD…'))
    .action(action(load, (m) => m.getPrinter));

  printers
    .command('add')
    .description('add a printer; it is asked its state at once')
    .argument('<name>', 'what people call it')
    .addOption(
      new Option('--language <language>', 'zpl (raw TCP 9100) or pdf (IPP)')
        .choices(['zpl', 'pdf'])
        .makeOptionMandatory(),
    )
    .requiredOption('--uri <uri>', 'tcp://host:9100, ipp://host[:port]/path or ipps://…')
    .addOption(new Option('--dpi <dpi>', 'label resolution').choices(['203', '300']))
    .addHelpText(
      'after',
      examples(
        'factory printers add "Line 1 Zebra" --language zpl --uri tcp://10.0.0.50:9100 --dpi 203',
      ),
    )
    .action(action(load, (m) => m.addPrinter));

  printers
    .command('update')
    .description('rename a printer or change its address or resolution')
    .argument('<printer-id>', 'printer id (prn_…)')
    .option('--name <name>', 'new name')
    .option('--uri <uri>', 'new address')
    .addOption(new Option('--language <language>', 'zpl or pdf').choices(['zpl', 'pdf']))
    .addOption(new Option('--dpi <dpi>', 'label resolution').choices(['203', '300']))
    .addHelpText('after', examples('factory printers update prn_01JD… --uri tcp://10.0.0.51:9100'))
    .action(action(load, (m) => m.updatePrinter));

  printers
    .command('remove')
    .description('delete a printer; its queued jobs are cancelled')
    .argument('<printer-id>', 'printer id (prn_…)')
    .addHelpText('after', examples('factory printers remove prn_01JD…'))
    .action(action(load, (m) => m.removePrinter));

  printers
    .command('test')
    .description('print the test label on a printer')
    .argument('<printer-id>', 'printer id (prn_…)')
    .addHelpText('after', examples('factory printers test prn_01JD…'))
    .action(action(load, (m) => m.testPrinter));
}
