import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function registerCompany(program: Command, action: ActionFactory): void {
  const load = () => import('./company.actions.js');
  const company = program
    .command('company')
    .description('read and change company, billing and owner details')
    .addHelpText('after', examples('factory company get', 'factory company set label_prefix=ACME'));

  company
    .command('get')
    .description('show the company details')
    .addHelpText(
      'after',
      examples('factory company get', 'factory company get --json | jq -r .label_prefix'),
    )
    .action(action(load, (m) => m.getCompany));

  company
    .command('set')
    .description('change company details; the rest keep their values (null clears a field)')
    .argument('<key=value...>', 'fields to change; address fields as address.postcode=…')
    .addHelpText(
      'after',
      `
Fields: company, name, legal_name, label_prefix, company_number, vat_number, industry,
address.line1, address.line2, address.town, address.postcode, address.country,
factory_same_as_registered, billing_email, phone, po_number, job_title, mobile, terms_accepted.
${examples(
  'factory company set label_prefix=ACME',
  'factory company set address.town=Leeds address.postcode="LS1 4AP" vat_number=null',
)}`,
    )
    .action(action(load, (m) => m.setCompany));
}
