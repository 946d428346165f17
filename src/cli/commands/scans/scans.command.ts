import { Option, type Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

/** The ledger's filters, the same on `scans list` and `scans export`. */
function addScanFilters(command: Command): Command {
  return command
    .option('--station <station-id>', 'only scans by this station (stn_…)')
    .option('--operator <operator-id>', 'only scans made by this operator (opr_…)')
    .option('--order <order-id>', "only scans of this order's pieces (ord_…)")
    .addOption(
      new Option('--result <result>', 'only accepted or only refused scans').choices([
        'accepted',
        'refused',
      ]),
    )
    .option('--from <instant>', 'only scans recorded at or after this ISO 8601 instant')
    .option('--to <instant>', 'only scans recorded before this ISO 8601 instant');
}

export function registerScans(program: Command, action: ActionFactory): void {
  const load = () => import('./scans.actions.js');
  const scans = program
    .command('scans')
    .description('record scans as a station does (with a station token); list or export the ledger')
    .addHelpText(
      'after',
      examples(
        'FACTORY_STATION_TOKEN=st_live_… factory scans record "FD 0000042"',
        'factory scans list --result refused',
        'factory scans export --from 2026-11-01T00:00:00Z --out scans.csv',
      ),
    );

  addScanFilters(
    addListOptions(
      scans
        .command('list')
        .description('list scans, accepted and refused, newest first, with station and operator'),
    ),
  )
    .addHelpText(
      'after',
      examples(
        'factory scans list --station stn_01JD… --limit 50',
        'factory scans list --operator opr_01JD… --from 2026-11-26T06:00:00Z --all --json',
      ),
    )
    .action(action(load, (m) => m.listScans));

  addScanFilters(
    scans
      .command('export')
      .description('every scan the filters select, as CSV with a header line')
      .option('-o, --output <file>', 'write to this file (default: stdout)')
      .addOption(new Option('--out <file>', 'the same as --output').hideHelp()),
  )
    .addHelpText(
      'after',
      examples(
        'factory scans export --out scans.csv',
        'factory scans export --result refused --from 2026-11-26T00:00:00Z > refused.csv',
      ),
    )
    .action(action(load, (m) => m.exportScans));

  scans
    .command('record')
    .description("record one scan of a barcode; the kind of scan is the station's role")
    .argument('<barcode>', 'the barcode read off the label, e.g. "FD 0000042"')
    .option('--station-token <token>', 'station token (st_live_…); default: $FACTORY_STATION_TOKEN')
    .option('--location <bay>', 'bay, for stock scans (default: the station’s default bay)')
    .option(
      '--client-scan-id <id>',
      'the station’s own id of the scan; a resend records nothing new',
    )
    .option('--scanned-at <time>', 'when it was scanned (ISO 8601), for buffered scans')
    .addHelpText(
      'after',
      `
A refused scan is recorded too; it prints the answer and exits with 1.
${examples(
  'factory scans record "FD 0000042" --station-token st_live_…',
  'factory scans record "FD 0000042" --location BAY-4 --client-scan-id 7f3c…',
)}`,
    )
    .action(action(load, (m) => m.recordScan));
}
