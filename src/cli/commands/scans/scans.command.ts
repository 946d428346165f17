import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples } from '../shared/help-text.js';

export function registerScans(program: Command, action: ActionFactory): void {
  const load = () => import('./scans.actions.js');
  const scans = program
    .command('scans')
    .description('record scans as a station does (with a station token)')
    .addHelpText(
      'after',
      examples('FACTORY_STATION_TOKEN=st_live_… factory scans record "FD 0000042"'),
    );

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
