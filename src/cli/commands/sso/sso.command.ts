import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function registerSso(program: Command, action: ActionFactory): void {
  const load = () => import('./sso.actions.js');
  const sso = program
    .command('sso')
    .description('single sign-on for staff: the OpenID Connect provider and its role mapping')
    .addHelpText('after', examples('factory sso get', 'factory docs operate   # set-up steps'));

  sso
    .command('get')
    .description('show the single sign-on settings (never the client secret)')
    .addHelpText('after', examples('factory sso get', 'factory sso get --json | jq .role_map'))
    .action(action(load, (m) => m.getSso));

  sso
    .command('set')
    .description(
      'set up or change it: provider_name, issuer_url, client_id, client_secret, claim, role_map (JSON)',
    )
    .argument('<key=value...>', 'one or more settings')
    .addHelpText(
      'after',
      examples(
        'factory sso set provider_name=Keycloak issuer_url=https://login.example.com/realms/factory client_id=factoryd \\\n    client_secret="$SECRET" \'role_map={"factory-admins":"admin","floor-supervisors":"supervisor"}\'',
        'factory sso set claim=roles \'role_map={"admin":"admin","supervisor":"supervisor"}\'',
      ),
    )
    .action(action(load, (m) => m.setSso));

  sso
    .command('off')
    .description('turn single sign-on off: staff sign in with email and password only')
    .addHelpText('after', examples('factory sso off'))
    .action(action(load, (m) => m.removeSso));
}
