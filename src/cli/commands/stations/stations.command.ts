import { Option } from 'commander';
import type { Command } from 'commander';
import type { ActionFactory } from '../shared/action.js';
import { examples, nonNegativeNumber } from '../shared/help-text.js';
import { addListOptions } from '../shared/list.js';

export const STATION_ROLES = ['produce', 'stock', 'dispatch', 'board'];

export function registerStations(program: Command, action: ActionFactory): void {
  const load = () => import('./stations.actions.js');
  const stations = program
    .command('stations')
    .description('pair scanning stations, list them, check their scanners, revoke them')
    .addHelpText(
      'after',
      examples(
        'factory stations pairing-code --name "Packing 1" --role dispatch',
        'factory stations list',
      ),
    );

  addListOptions(
    stations.command('list').description('list stations with their last hardware check'),
  )
    .addHelpText(
      'after',
      examples('factory stations list', 'factory stations list --json | jq ".[].hardware"'),
    )
    .action(action(load, (m) => m.listStations));

  stations
    .command('get')
    .description('show one station')
    .argument('<station-id>', 'station id (stn_…)')
    .addHelpText('after', examples('factory stations get stn_01JD…'))
    .action(action(load, (m) => m.getStation));

  stations
    .command('pairing-code')
    .description(
      'issue a one-time pairing code (valid 10 minutes) for a new station, with its QR code',
    )
    .requiredOption('--name <name>', 'name of the new station')
    .addOption(
      new Option(
        '--role <role>',
        'the one kind of scan it records, or board: a read-only floor board (/board) that cannot scan',
      )
        .choices(STATION_ROLES)
        .makeOptionMandatory(),
    )
    .option('--idempotency-key <key>', 'makes a retried request safe')
    .addHelpText(
      'after',
      `
On a terminal the code is printed with a QR code to scan with the station app. Piped, the
answer is JSON with an added "expires_at".
${examples(
  'factory stations pairing-code --name "Packing 1" --role dispatch',
  'factory stations pairing-code --name "Goods in" --role stock --json | jq -r .code',
  'factory stations pairing-code --name "Hall TV" --role board',
)}`,
    )
    .action(action(load, (m) => m.pairingCode));

  stations
    .command('pair')
    .description(
      'pair a device with a pairing code and print its permanent station token (shown once)',
    )
    .argument('<code>', 'the pairing code, e.g. BCDF-GHJK')
    .addHelpText(
      'after',
      `
Needs only the server URL: the code is the credential.
${examples('factory stations pair BCDF-GHJK', 'export FACTORY_STATION_TOKEN=$(factory stations pair BCDF-GHJK --json | jq -r .token)')}`,
    )
    .action(action(load, (m) => m.pairStation));

  stations
    .command('update')
    .description("change a station's name or default bay")
    .argument('<station-id>', 'station id (stn_…)')
    .option('--name <name>', 'new name')
    .option('--default-location <bay>', 'bay used by stock scans that give none')
    .addHelpText('after', examples('factory stations update stn_01JD… --default-location BAY-4'))
    .action(action(load, (m) => m.updateStation));

  stations
    .command('revoke')
    .description("revoke a station's token; its next scan is refused")
    .argument('<station-id>', 'station id (stn_…)')
    .addHelpText('after', examples('factory stations revoke stn_01JD…'))
    .action(action(load, (m) => m.revokeStation));

  stations
    .command('hardware-check')
    .description('record a scanner hardware check for a station')
    .argument('<station-id>', 'station id (stn_…)')
    .addOption(
      new Option('--input-mode <mode>', 'how the scanner delivers')
        .choices(['keyboard', 'camera', 'android_intent'])
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--suffix <suffix>', 'what the scanner sends after a code')
        .choices(['enter', 'tab', 'none'])
        .makeOptionMandatory(),
    )
    .addOption(new Option('--passed', 'the check passed').conflicts('failed'))
    .option('--failed', 'the check failed')
    .option('--scanner-label <label>', 'make and model of the scanner')
    .option('--avg-char-ms <ms>', 'average milliseconds per character', nonNegativeNumber)
    .option('--code128-ok', 'the Code 128 barcode read correctly')
    .option('--no-code128-ok', 'the Code 128 barcode did not read correctly')
    .option('--qr-ok', 'the QR code read correctly')
    .option('--no-qr-ok', 'the QR code did not read correctly')
    .option('--layout-ok', 'the test string came through unchanged (keyboard layout)')
    .option('--no-layout-ok', 'the test string came through changed')
    .option('--notes <text>', 'free text')
    .addHelpText(
      'after',
      examples(
        'factory stations hardware-check stn_01JD… --input-mode keyboard --suffix enter --code128-ok --qr-ok --layout-ok --passed',
      ),
    )
    .action(action(load, (m) => m.hardwareCheck));

  addListOptions(
    stations
      .command('hardware-checks')
      .description("list a station's past hardware checks")
      .argument('<station-id>', 'station id (stn_…)'),
  )
    .addHelpText('after', examples('factory stations hardware-checks stn_01JD…'))
    .action(action(load, (m) => m.listHardwareChecks));
}
