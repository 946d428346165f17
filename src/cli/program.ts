import { Command } from 'commander';
import type { CliIO } from './cli-io.js';
import type { ActionFactory } from './commands/shared/action.js';
import { registerAuth } from './commands/auth/auth.command.js';
import { registerCompany } from './commands/company/company.command.js';
import { registerConsignments } from './commands/consignments/consignments.command.js';
import { registerHardware } from './commands/hardware/hardware.command.js';
import { registerDocs } from './commands/docs/docs.command.js';
import { registerHelp } from './commands/help/help.command.js';
import { examples } from './commands/shared/help-text.js';
import { registerItems } from './commands/items/items.command.js';
import { registerKeys } from './commands/keys/keys.command.js';
import { registerOrders } from './commands/orders/orders.command.js';
import { registerPlans } from './commands/plans/plans.command.js';
import { registerRetailers } from './commands/retailers/retailers.command.js';
import { registerReturns } from './commands/returns/returns.command.js';
import { registerAudit } from './commands/audit/audit.command.js';
import { registerOperators } from './commands/operators/operators.command.js';
import { registerScans } from './commands/scans/scans.command.js';
import { registerSettings } from './commands/settings/settings.command.js';
import { registerSso } from './commands/sso/sso.command.js';
import { registerStaff } from './commands/staff/staff.command.js';
import { registerStations } from './commands/stations/stations.command.js';
import { registerTui } from './commands/tui/tui.command.js';
import { registerWebhooks } from './commands/webhooks/webhooks.command.js';
import { registerEvents } from './commands/events/events.command.js';
import { registerPrinters } from './commands/printers/printers.command.js';
import { registerPrint } from './commands/print/print.command.js';
import { colourEnabled } from './output/colour.js';
import { versionLine } from './version.js';

export interface ProgramDeps {
  io: CliIO;
  action: ActionFactory;
  nodeVersion: string;
}

/**
 * The whole command tree, built fresh for each invocation. Registering is cheap: definitions
 * and help text only; each command's code is imported when it runs.
 */
export function buildProgram({ io, action, nodeVersion }: ProgramDeps): Command {
  const program = new Command('factory');
  // Settings made before commands are added are inherited by every subcommand.
  program
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => (io.stdout.isTTY ? io.stdout.columns : undefined) ?? 100,
      getErrHelpWidth: () => (io.stderr.isTTY ? io.stderr.columns : undefined) ?? 100,
      getOutHasColors: () => colourEnabled(io.stdout.isTTY, io.env),
      getErrHasColors: () => colourEnabled(io.stderr.isTTY, io.env),
    })
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .showHelpAfterError('(add --help for usage)')
    .helpCommand(false)
    .description('Command-line client of factoryd: orders, stations, labels, returns and more.')
    .version(versionLine(nodeVersion), '-V, --version', 'print the version')
    .option('--url <url>', 'factoryd address, e.g. http://127.0.0.1:8080 (env: FACTORY_URL)')
    .option('--api-key <key>', 'API key or session token (env: FACTORY_API_KEY)')
    .option('--profile <name>', 'profile saved by "factory login" (env: FACTORY_PROFILE)')
    .option('--json', 'print JSON even on a terminal (always JSON when piped)')
    .addHelpText(
      'after',
      `
Output is a table on a terminal and JSON when piped or with --json. Errors go to stderr.
See "factory help exit-codes" for exit codes, "factory help environment" for variables,
"factory docs" for the documentation (install, operate, keys, webhooks …), inside this program.
${examples(
  'factory login --url http://factory.local:8080 --api-key sk_live_…',
  'factory orders list --stuck',
  'factory orders get ord_01JD… --json | jq .status',
)}`,
    );

  registerOrders(program, action);
  registerRetailers(program, action);
  registerStations(program, action);
  registerScans(program, action);
  registerItems(program, action);
  registerReturns(program, action);
  registerConsignments(program, action);
  registerAudit(program, action);
  registerOperators(program, action);
  registerKeys(program, action);
  registerWebhooks(program, action);
  registerEvents(program, action);
  registerPrinters(program, action);
  registerPrint(program, action);
  registerSettings(program, action);
  registerSso(program, action);
  registerCompany(program, action);
  registerPlans(program, action);
  registerHardware(program, action);
  registerStaff(program, action);
  registerAuth(program, action);
  registerTui(program, action);
  registerHelp(program, io);
  registerDocs(program, io);
  return program;
}
