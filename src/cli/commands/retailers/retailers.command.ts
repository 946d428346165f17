import { Argument, Option } from 'commander';
import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export const RETAILER_USER_ROLES = ['owner', 'buyer', 'viewer', 'accounts', 'integrations'];

export function registerRetailers(program: Command, action: ActionFactory): void {
  const load = () => import('./retailers.actions.js');
  const retailers = program
    .command('retailers')
    .description('manage retailers and the people of each retailer who use the portal')
    .addHelpText('after', examples('factory retailers list', 'factory retailers users list ACME'));

  addListOptions(retailers.command('list').description('list retailers'))
    .addHelpText('after', examples('factory retailers list --all --json | jq -r ".[].code"'))
    .action(action(load, (m) => m.listRetailers));

  retailers
    .command('get')
    .description('show one retailer')
    .argument('<retailer>', 'retailer code, or id (rtl_…)')
    .addHelpText('after', examples('factory retailers get ACME', 'factory retailers get rtl_01JD…'))
    .action(action(load, (m) => m.getRetailer));

  const create = retailers
    .command('create')
    .description('add a retailer')
    .requiredOption('--name <name>', 'retailer name')
    .requiredOption('--code <code>', 'short code, unique in the factory (used in CSV uploads)')
    .option('--idempotency-key <key>', 'makes a retried create safe');
  addAddressOptions(create)
    .addHelpText(
      'after',
      examples(
        'factory retailers create --name "Acme Home" --code ACME',
        'factory retailers create --name "Acme Home" --code ACME --line1 "Acme DC, Gate 2" --town Leeds --postcode "LS11 5DH" --country GB',
      ),
    )
    .action(action(load, (m) => m.createRetailer));

  const update = retailers
    .command('update')
    .description("change a retailer's name, code or address (only what is given changes)")
    .argument('<retailer>', 'retailer code, or id (rtl_…)')
    .option('--name <name>', 'new name')
    .option('--code <code>', 'new code');
  addAddressOptions(update)
    .option('--clear-address', 'empty the whole address')
    .addHelpText(
      'after',
      examples(
        'factory retailers update rtl_01JD… --name "Acme Home Ltd"',
        'factory retailers update ACME --postcode "LS11 5DJ" --line2 ""',
      ),
    )
    .action(action(load, (m) => m.updateRetailer));

  const users = retailers
    .command('users')
    .description("manage a retailer's portal users")
    .addHelpText(
      'after',
      examples(
        'factory retailers users add ACME --email buyer@acme.example --name "Ann Buyer" --role buyer',
      ),
    );

  addListOptions(
    users
      .command('list')
      .description("list a retailer's users")
      .argument('<retailer>', 'retailer code, or id (rtl_…)'),
  )
    .addHelpText('after', examples('factory retailers users list ACME'))
    .action(action(load, (m) => m.listUsers));

  users
    .command('add')
    .description('add a user to a retailer')
    .argument('<retailer>', 'retailer code, or id (rtl_…)')
    .requiredOption('--email <email>', 'email address')
    .requiredOption('--name <name>', 'full name')
    .addOption(
      new Option('--role <role>', 'role').choices(RETAILER_USER_ROLES).makeOptionMandatory(),
    )
    .option('--idempotency-key <key>', 'makes a retried add safe')
    .addHelpText(
      'after',
      examples(
        'factory retailers users add rtl_01JD… --email ann@acme.example --name "Ann Buyer" --role buyer',
      ),
    )
    .action(action(load, (m) => m.addUser));

  users
    .command('set-role')
    .description("change a user's role (the last owner cannot be demoted)")
    .argument('<retailer>', 'retailer code, or id (rtl_…)')
    .argument('<user-id>', 'user id (rtu_…)')
    .addArgument(new Argument('<role>', 'new role').choices(RETAILER_USER_ROLES))
    .addHelpText('after', examples('factory retailers users set-role rtl_01JD… rtu_01JD… viewer'))
    .action(action(load, (m) => m.setUserRole));

  users
    .command('remove')
    .description('remove a user from a retailer (the last owner cannot be removed)')
    .argument('<retailer>', 'retailer code, or id (rtl_…)')
    .argument('<user-id>', 'user id (rtu_…)')
    .addHelpText('after', examples('factory retailers users remove rtl_01JD… rtu_01JD…'))
    .action(action(load, (m) => m.removeUser));
}

/** The parts of a retailer's address (printed on its delivery notes); "" empties one. */
function addAddressOptions(command: Command): Command {
  return command
    .option('--line1 <text>', 'address, first line')
    .option('--line2 <text>', 'address, second line')
    .option('--town <town>', 'address: town or city')
    .option('--postcode <postcode>', 'address: postcode')
    .option('--country <code>', 'address: ISO 3166-1 alpha-2 country code (GB, PL, RO)');
}
