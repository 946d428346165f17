import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function registerAuth(program: Command, action: ActionFactory): void {
  const load = () => import('./auth.actions.js');

  program
    .command('login')
    .description('check credentials against the server and save them in a profile')
    .option('--email <email>', 'log in as staff; the password is prompted for, or read from stdin')
    .addHelpText(
      'after',
      `
With --api-key (or FACTORY_API_KEY) the key is checked and saved. With --email a staff
session is opened: the password is prompted for without echo on a terminal, or read from
stdin when piped; the session token (ss_…) is saved and expires after some hours.
Profiles live in ~/.config/factory/config.json (or $XDG_CONFIG_HOME/factory), mode 0600;
the profile logged in last is used when neither --profile nor FACTORY_PROFILE says otherwise.
${examples(
  'factory login --url http://factory.local:8080 --api-key sk_live_…',
  'factory login --url http://factory.local:8080 --email sam@factory.example',
  'printf %s "$PASSWORD" | factory login --profile night --url http://10.0.0.2:8080 --email sam@factory.example',
)}`,
    )
    .action(action(load, (m) => m.login));

  program
    .command('logout')
    .description('end the session (for staff logins) and forget the profile')
    .addHelpText('after', examples('factory logout', 'factory logout --profile night'))
    .action(action(load, (m) => m.logout));

  program
    .command('whoami')
    .description('show who the configured token belongs to')
    .addHelpText('after', examples('factory whoami', 'factory whoami --profile night --json'))
    .action(action(load, (m) => m.whoami));
}
