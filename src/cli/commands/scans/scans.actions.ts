import type { CommandContext } from '../../context.js';
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
