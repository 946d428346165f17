import { isAllowedHostEntry } from '../../domain/allowed-hosts.js';
import { AppError, invalid } from '../../domain/errors.js';
import { formatBackupSchedule, parseBackupSchedule } from '../../domain/backup-schedule.js';
import { GS1_COMPANY_PREFIX_PATTERN } from '../../domain/sscc.js';
import type { SettingsTable } from '../../store/schema.js';
import * as settings from '../../store/settings/settings.repository.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import { checkPrintRules, parsePrintRules, type PrintRule } from '../printers/print-rules.js';

export interface SettingsView {
  object: 'settings';
  stuck_after_days: number;
  timezone: string;
  station_app_scheme: string;
  session_ttl_hours: number;
  label_size: '4x6';
  default_dpi: 203 | 300;
  webhook_retention_days: number;
  webhook_allowed_hosts: string[];
  /**
   * The address stations and phones open this server at (`https://factory.example.com`, or
   * behind a proxy with a path), without a trailing slash; null = the address the staff app's
   * request came in on. Pairing codes' `pair_url` starts with it.
   */
  public_url: string | null;
  /**
   * When scheduled backups run: `02:30` (daily, the factory's time zone; several: `02:30, 14:30`)
   * or `every 6h` / `every 30m`; null = none (docs/operate.md, "Backups").
   */
  backup_schedule: string | null;
  /** An absolute directory on the server for scheduled backups; null = `<data-dir>/backups`. */
  backup_dir: string | null;
  /** How many verified scheduled backups are kept; older ones are deleted. */
  backup_keep: number;
  /**
   * The factory's GS1 company prefix (6–12 digits) for the SSCCs of its handling units; null =
   * a restricted-circulation prefix, valid inside the company only (docs/dispatch.md).
   */
  gs1_company_prefix: string | null;
  /** Auto-print rules (DESIGN §14): on these events, print on these printers. */
  print_rules: PrintRule[];
  /** No scan at a station for this long signs its operator out (DESIGN §17); null: never. */
  operator_idle_minutes: number | null;
  updated_at: string;
}

/** Settings a new factory gets from their columns' defaults (none, none, 7). */
type ColumnDefaulted =
  | 'public_url'
  | 'backup_schedule'
  | 'backup_dir'
  | 'backup_keep'
  | 'gs1_company_prefix'
  | 'print_rules'
  | 'operator_idle_minutes';

export type SettingsPatch = Partial<Omit<SettingsView, 'object' | 'updated_at'>>;

/** A new factory's settings; `public_url` and the backup settings are left to their columns' defaults. */
export const DEFAULT_SETTINGS: Omit<SettingsTable, 'factory_id' | 'updated_at' | ColumnDefaulted> =
  {
    stuck_after_days: 7,
    timezone: 'Europe/London',
    station_app_scheme: 'factorystation',
    session_ttl_hours: 12,
    label_size: '4x6',
    default_dpi: 203,
    webhook_retention_days: 30,
    webhook_allowed_hosts: '[]',
  };

export const STATION_APP_SCHEME_PATTERN = /^[a-z][a-z0-9+.-]*$/;

const toView = (row: SettingsTable): SettingsView => ({
  object: 'settings',
  stuck_after_days: row.stuck_after_days,
  timezone: row.timezone,
  station_app_scheme: row.station_app_scheme,
  session_ttl_hours: row.session_ttl_hours,
  label_size: row.label_size as '4x6',
  default_dpi: row.default_dpi as 203 | 300,
  webhook_retention_days: row.webhook_retention_days,
  webhook_allowed_hosts: JSON.parse(row.webhook_allowed_hosts) as string[],
  public_url: row.public_url,
  backup_schedule: row.backup_schedule,
  backup_dir: row.backup_dir,
  backup_keep: row.backup_keep,
  gs1_company_prefix: row.gs1_company_prefix,
  print_rules: parsePrintRules(row.print_rules),
  operator_idle_minutes: row.operator_idle_minutes ?? null,
  updated_at: row.updated_at,
});

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * `public_url` as stored: an http(s) URL with a host, no user, query or fragment, and no
 * trailing slash (`/station` is appended to it); undefined when it is not one.
 */
export function normalizePublicUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username || url.password || url.search || url.hash) return undefined;
  return url.href.replace(/\/+$/, '');
}

/** Rules beyond the schema's types, each failure naming its field; the patch as stored. */
function validate(patch: SettingsPatch): SettingsPatch {
  if (patch.timezone !== undefined && !isTimeZone(patch.timezone)) {
    throw invalid('timezone', 'timezone must be an IANA time zone such as Europe/London.');
  }
  if (
    patch.station_app_scheme !== undefined &&
    !STATION_APP_SCHEME_PATTERN.test(patch.station_app_scheme)
  ) {
    throw invalid(
      'station_app_scheme',
      'station_app_scheme must be a URI scheme: a lower-case letter, then letters, digits, + . or -.',
    );
  }
  // Emptied (a cleared field, `settings set public_url=`): no public URL.
  if (patch.public_url?.trim() === '') patch = { ...patch, public_url: null };
  if (typeof patch.public_url === 'string') {
    const url = normalizePublicUrl(patch.public_url);
    if (!url) {
      throw invalid(
        'public_url',
        'public_url must be an http:// or https:// address such as https://factory.example.com, without a user, query or #; empty or null for none.',
      );
    }
    patch = { ...patch, public_url: url };
  }
  if (patch.backup_schedule?.trim() === '') patch = { ...patch, backup_schedule: null };
  if (typeof patch.backup_schedule === 'string') {
    const schedule = parseBackupSchedule(patch.backup_schedule);
    if (typeof schedule === 'string') throw invalid('backup_schedule', schedule);
    patch = { ...patch, backup_schedule: formatBackupSchedule(schedule) };
  }
  if (patch.backup_dir?.trim() === '') patch = { ...patch, backup_dir: null };
  if (typeof patch.backup_dir === 'string') {
    const dir = patch.backup_dir.trim();
    if (!dir.startsWith('/')) {
      throw invalid(
        'backup_dir',
        'backup_dir must be an absolute directory on the server, such as /srv/backups/factoryd; empty for <data-dir>/backups.',
      );
    }
    patch = { ...patch, backup_dir: dir };
  }
  if (patch.gs1_company_prefix?.trim() === '') patch = { ...patch, gs1_company_prefix: null };
  if (typeof patch.gs1_company_prefix === 'string') {
    const prefix = patch.gs1_company_prefix.trim();
    if (!GS1_COMPANY_PREFIX_PATTERN.test(prefix)) {
      throw invalid(
        'gs1_company_prefix',
        'gs1_company_prefix must be the 6 to 12 digits GS1 gave the company; empty or null for none.',
      );
    }
    patch = { ...patch, gs1_company_prefix: prefix };
  }
  patch.webhook_allowed_hosts?.forEach((host, i) => {
    if (!isAllowedHostEntry(host)) {
      throw invalid(`webhook_allowed_hosts.${i}`, `"${host}" is not a host name, address or CIDR.`);
    }
  });
  return patch;
}

export async function getSettings(ctx: CoreContext, factoryId: string): Promise<SettingsView> {
  const row = await settings.settingsOf(ctx.db, factoryId);
  if (!row) throw new AppError('not_found', { message: 'The factory has no settings.' });
  return toView(row);
}

export async function updateSettings(
  ctx: CoreContext,
  factoryId: string,
  patch: SettingsPatch,
): Promise<SettingsView> {
  const { webhook_allowed_hosts, print_rules, ...rest } = validate(patch);
  const view = await transact(ctx, async (tx) => {
    const row = await settings.updateSettings(tx.trx, factoryId, {
      ...rest,
      ...(print_rules !== undefined
        ? { print_rules: await checkPrintRules(tx, factoryId, print_rules) }
        : {}),
      ...(webhook_allowed_hosts !== undefined
        ? { webhook_allowed_hosts: JSON.stringify(webhook_allowed_hosts) }
        : {}),
      updated_at: tx.nowIso,
    });
    return toView(row);
  });
  ctx.signals.settingsChanged(factoryId);
  return view;
}
