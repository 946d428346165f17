import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { relativeTime } from '../../output/format-time.js';
import type { Column } from '../../output/table.js';
import { printList } from '../shared/list.js';
import type { ListOptions } from '../shared/list.js';
import { printResult } from '../shared/result.js';

const STATION_COLUMNS: Column<Item<'/v1/stations'>>[] = [
  { header: 'id', value: (station) => station.id, keep: true },
  { header: 'name', value: (station) => station.name },
  { header: 'role', value: (station) => station.role },
  { header: 'default bay', value: (station) => station.default_location },
  {
    header: 'hardware',
    value: (station) => {
      const hardware = station.hardware;
      if (!hardware) return 'never checked';
      return `${hardware.passed ? 'passed' : 'FAILED'} (${hardware.input_mode})`;
    },
  },
  { header: 'last scan', value: (station) => station.last_scan_at },
  { header: 'paired', value: (station) => station.paired_at },
];

const CHECK_COLUMNS: Column<Item<'/v1/stations/{id}/hardware-checks'>>[] = [
  { header: 'checked', value: (check) => check.checked_at },
  { header: 'passed', value: (check) => check.passed },
  { header: 'input mode', value: (check) => check.input_mode },
  { header: 'suffix', value: (check) => check.suffix },
  { header: 'code128', value: (check) => check.code128_ok },
  { header: 'qr', value: (check) => check.qr_ok },
  { header: 'layout', value: (check) => check.layout_ok },
  { header: 'scanner', value: (check) => check.scanner_label },
];

export async function listStations(ctx: CommandContext, options: ListOptions) {
  await printList(ctx, '/v1/stations', {}, options, STATION_COLUMNS, 'No stations.');
}

export async function getStation(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/stations/{id}', { path: { id: id! } }));
}

interface PairingCodeOptions {
  name: string;
  role: string;
  idempotencyKey?: string;
}

export async function pairingCode(ctx: CommandContext, options: PairingCodeOptions) {
  const client = await ctx.client();
  const answer = await client.post('/v1/pairing-codes', {
    body: unchecked({ name: options.name, role: options.role }),
    idempotencyKey: options.idempotencyKey,
  });
  const seconds = answer.expires_in_seconds;
  const expiresAt = new Date(ctx.now().getTime() + seconds * 1000).toISOString();
  if (ctx.output.json) {
    ctx.output.writeJson({ ...answer, expires_at: expiresAt });
    return;
  }
  const style = ctx.output.style;
  const qrText = answer.qr;
  // The QR renderer is only needed here, so it is loaded here.
  const { default: QRCode } = await import('qrcode');
  const qr = await QRCode.toString(qrText, {
    type: 'terminal',
    small: true,
    errorCorrectionLevel: 'M',
  });
  const clock = expiresAt.slice(11, 19);
  ctx.output.write(
    [
      `${style.dim('Pairing code')}  ${style.bold(answer.code)}`,
      `${style.dim('Station     ')}  ${options.name} (${options.role})`,
      `${style.dim('Expires     ')}  ${relativeTime(expiresAt, ctx.now())} (${clock} UTC), single use`,
      '',
      qr.trimEnd(),
      '',
      `Scan the QR code with the station app, or type the code on the device.`,
      options.role === 'board'
        ? `A TV's browser opens ${answer.pair_url} and becomes the floor board by itself.`
        : `A browser station (tablet, phone, PC) opens ${answer.pair_url} and pairs by itself.`,
      ...(answer.loopback_only
        ? [
            style.yellow(
              'The server listens on this machine only: no tablet can reach it. Restart it with ' +
                '--host 0.0.0.0, or set public_url behind a proxy (docs/station.md).',
            ),
          ]
        : []),
      '',
    ].join('\n'),
  );
}

export async function pairStation(ctx: CommandContext, _options: unknown, [code]: string[]) {
  // Pairing is the device's own first call: the code is its credential, no token is sent.
  const client = ctx.createClient(await ctx.serverUrl());
  const station = await client.post('/v1/stations/pair', { body: { code: code! }, auth: false });
  ctx.output.record(station);
  ctx.output.notice(
    ctx.output.errStyle.yellow(
      'The station token is shown only this once: store it now (e.g. as FACTORY_STATION_TOKEN).',
    ),
  );
}

export async function updateStation(
  ctx: CommandContext,
  options: { name?: string; defaultLocation?: string },
  [id]: string[],
) {
  if (options.name === undefined && options.defaultLocation === undefined) {
    throw new UsageError('nothing to change: give --name and/or --default-location');
  }
  const client = await ctx.client();
  const body = { name: options.name, default_location: options.defaultLocation };
  ctx.output.record(await client.patch('/v1/stations/{id}', { path: { id: id! }, body }));
}

export async function revokeStation(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  const revoked = await client.delete('/v1/stations/{id}', { path: { id: id! } });
  printResult(ctx, revoked, `Revoked ${id}.`);
}

interface HardwareCheckOptions {
  inputMode: string;
  suffix: string;
  passed?: boolean;
  failed?: boolean;
  scannerLabel?: string;
  avgCharMs?: number;
  code128Ok?: boolean;
  qrOk?: boolean;
  layoutOk?: boolean;
  notes?: string;
}

export async function hardwareCheck(
  ctx: CommandContext,
  options: HardwareCheckOptions,
  [id]: string[],
) {
  if (!options.passed && !options.failed) {
    throw new UsageError('say how the check went: --passed or --failed');
  }
  const body = {
    input_mode: options.inputMode,
    suffix: options.suffix,
    passed: Boolean(options.passed),
    scanner_label: options.scannerLabel,
    avg_char_ms: options.avgCharMs,
    code128_ok: options.code128Ok,
    qr_ok: options.qrOk,
    layout_ok: options.layoutOk,
    notes: options.notes,
  };
  const client = await ctx.client();
  const check = await client.post('/v1/stations/{id}/hardware-check', {
    path: { id: id! },
    body: unchecked(body),
  });
  printResult(ctx, check, 'Hardware check recorded.');
}

export async function listHardwareChecks(
  ctx: CommandContext,
  options: ListOptions,
  [id]: string[],
) {
  await printList(
    ctx,
    '/v1/stations/{id}/hardware-checks',
    { path: { id: id! } },
    options,
    CHECK_COLUMNS,
    'No hardware checks yet.',
  );
}
