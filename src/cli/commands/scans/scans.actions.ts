import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import type { Column } from '../../output/table.js';
import { saveDownload } from '../shared/download.js';
import { printList, type ListOptions } from '../shared/list.js';
import { ConfigError } from '../../errors.js';
import { ExitCode } from '../../exit-codes.js';

interface RecordScanOptions {
  stationToken?: string;
  location?: string;
  clientScanId?: string;
  scannedAt?: string;
}

export async function recordScan(
  ctx: CommandContext,
  options: RecordScanOptions,
  [barcode]: string[],
) {
  const token = options.stationToken || ctx.io.env.FACTORY_STATION_TOKEN;
  if (!token) {
    throw new ConfigError(
      'no station token: pass --station-token TOKEN or set FACTORY_STATION_TOKEN (from "factory stations pair")',
    );
  }
  const client = ctx.createClient(await ctx.serverUrl(), token);
  const scan = await client.post('/v1/scans', {
    body: {
      barcode: barcode!,
      location: options.location,
      client_scan_id: options.clientScanId,
      scanned_at: options.scannedAt,
    },
  });
  const style = ctx.output.style;
  const headline = scan.accepted
    ? `${style.green('✓ accepted')} ${String(scan.message ?? '')}`
    : `${style.red('✗ refused')} ${String(scan.message ?? '')}`;
  ctx.output.record(scan, { title: headline.trim() });
  if (scan.accepted) return ExitCode.ok;
  // The server's message already says "Refused: …"; the reason is the stable code.
  const message = typeof scan.message === 'string' ? scan.message : 'scan refused';
  const reason = scan.reason ? ` (${String(scan.reason)})` : '';
  ctx.io.stderr.write(`${ctx.output.errStyle.red('error:')} ${message}${reason}\n`);
  return ExitCode.failure;
}

/** The filters `scans list` and `scans export` share, as the API names them. */
interface ScanFilterOptions {
  station?: string;
  operator?: string;
  order?: string;
  result?: 'accepted' | 'refused';
  from?: string;
  to?: string;
}

const filtersOf = (options: ScanFilterOptions) => ({
  station_id: options.station,
  operator_id: options.operator,
  order_id: options.order,
  result: options.result,
  from: options.from,
  to: options.to,
});

const SCAN_COLUMNS: Column<Item<'/v1/scans'>>[] = [
  { header: 'id', value: (s) => s.id, keep: true },
  { header: 'at', value: (s) => s.at },
  { header: 'result', value: (s) => (s.reason ? `${s.result} (${s.reason})` : s.result) },
  { header: 'event', value: (s) => s.event },
  { header: 'barcode', value: (s) => s.barcode },
  { header: 'station', value: (s) => s.station.name },
  { header: 'operator', value: (s) => s.operator?.name ?? '—' },
  { header: 'order', value: (s) => s.order?.order_no ?? '—' },
];

export async function listScans(ctx: CommandContext, options: ListOptions & ScanFilterOptions) {
  await printList(
    ctx,
    '/v1/scans',
    { query: unchecked(filtersOf(options)) },
    options,
    SCAN_COLUMNS,
    'No scans.',
  );
}

export async function exportScans(
  ctx: CommandContext,
  options: ScanFilterOptions & { output?: string; out?: string },
) {
  const query = unchecked({ ...filtersOf(options), format: 'csv' });
  await saveDownload(
    ctx,
    '/v1/scans',
    { query },
    { output: options.output ?? options.out, binary: false, label: 'scans' },
  );
}
