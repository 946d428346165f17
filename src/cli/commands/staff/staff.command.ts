import { Option } from 'commander';
import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export function registerStaff(program: Command, action: ActionFactory): void {
  const load = () => import('./staff.actions.js');
  const staff = program
    .command('staff')
    .description('manage staff accounts (admins and supervisors who log in)')
    .addHelpText(
      'after',
      examples(
        'factory staff list',
        'factory staff add --email sam@factory.example --name "Sam Lee" --role supervisor',
      ),
    );

  addListOptions(staff.command('list').description('list staff accounts'))
    .addHelpText('after', examples('factory staff list'))
    .action(action(load, (m) => m.listStaff));

  staff
    .command('add')
    .description('add a staff account; the password is prompted for, or read from stdin when piped')
    .requiredOption('--email <email>', 'email address, used to log in')
    .requiredOption('--name <name>', 'full name')
    .addOption(
      new Option('--role <role>', 'what they may do')
        .choices(['admin', 'supervisor'])
        .makeOptionMandatory(),
    )
    .option('--idempotency-key <key>', 'makes a retried add safe')
    .addHelpText(
      'after',
      examples(
        'factory staff add --email sam@factory.example --name "Sam Lee" --role supervisor',
        'printf %s "$PASSWORD" | factory staff add --email sam@factory.example --name "Sam Lee" --role admin',
      ),
    )
    .action(action(load, (m) => m.addStaff));

  staff
    .command('get')
    .description('show one staff account')
    .argument('<staff-id>', 'staff id (stf_…)')
    .addHelpText('after', examples('factory staff get stf_01JD…'))
    .action(action(load, (m) => m.getStaff));

  staff
    .command('update')
    .description("change a staff account; a new password or disabling ends the user's sessions")
    .argument('<staff-id>', 'staff id (stf_…)')
    .option('--name <name>', 'new name')
    .addOption(new Option('--role <role>', 'new role').choices(['admin', 'supervisor']))
    .option('--password', 'set a new password (prompted for, or read from stdin when piped)')
    .addOption(new Option('--disable', 'stop the account from logging in').conflicts('enable'))
    .option('--enable', 'let a disabled account log in again')
    .addHelpText(
      'after',
      examples(
        'factory staff update stf_01JD… --role admin',
        'printf %s "$NEW_PASSWORD" | factory staff update stf_01JD… --password',
      ),
    )
    .action(action(load, (m) => m.updateStaff));

  staff
    .command('disable')
    .description('disable a staff account and end its sessions')
    .argument('<staff-id>', 'staff id (stf_…)')
    .addHelpText('after', examples('factory staff disable stf_01JD…'))
    .action(action(load, (m) => m.disableStaff));
}
