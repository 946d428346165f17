import type { FormEvent } from 'react';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { labelledFieldError, shownAtField } from '../../shared/ui/field-error.js';
import { SelectField, TextAreaField, TextField } from '../../shared/ui/TextField.js';
import { useCan } from '../access/access.js';
import { useSettings } from '../common/use-settings.js';
import { useUpdateSettings, type Settings } from './use-factory.js';

const FIELDS = [
  'stuck_after_days',
  'timezone',
  'station_app_scheme',
  'public_url',
  'gs1_company_prefix',
  'session_ttl_hours',
  'default_dpi',
  'webhook_retention_days',
  'webhook_allowed_hosts',
  'backup_schedule',
  'backup_dir',
  'backup_keep',
];

/** The fields' labels, so the server's sentences say what the form says. */
const LABELS = {
  stuck_after_days: 'Stuck after (days)',
  timezone: 'Time zone',
  session_ttl_hours: 'Session length (hours)',
  default_dpi: 'Default printer resolution',
  label_size: 'Label size',
  station_app_scheme: 'Station app scheme',
  webhook_retention_days: 'Keep webhook deliveries (days)',
  webhook_allowed_hosts: 'Webhook hosts allowed',
  backup_schedule: 'Backup schedule',
  backup_dir: 'Backup folder',
  backup_keep: 'Backups kept',
  gs1_company_prefix: 'GS1 company prefix',
};
const fieldError = labelledFieldError(LABELS);

/** The factory's settings: everyone may read them, an admin may change them. */
export function SettingsPage() {
  const settings = useSettings();
  // Here, not in the form: the form is drawn afresh from what the server saved.
  const update = useUpdateSettings();
  if (settings.error) return <ErrorMessage error={settings.error} />;
  if (!settings.data) return <p className="loading">Loading…</p>;
  return <SettingsForm key={settings.data.updated_at} settings={settings.data} update={update} />;
}

function SettingsForm({
  settings,
  update,
}: {
  settings: Settings;
  update: ReturnType<typeof useUpdateSettings>;
}) {
  const can = useCan();
  const editable = can('PATCH /v1/settings');
  const saved = update.isSuccess;
  const error = update.error;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    await update
      .mutateAsync({
        stuck_after_days: Number(text('stuck_after_days')),
        timezone: text('timezone'),
        station_app_scheme: text('station_app_scheme'),
        public_url: text('public_url') || null,
        gs1_company_prefix: text('gs1_company_prefix') || null,
        session_ttl_hours: Number(text('session_ttl_hours')),
        default_dpi: Number(text('default_dpi')) as 203 | 300,
        webhook_retention_days: Number(text('webhook_retention_days')),
        webhook_allowed_hosts: text('webhook_allowed_hosts')
          .split(/[\s,]+/)
          .filter(Boolean),
        backup_schedule: text('backup_schedule') || null,
        backup_dir: text('backup_dir') || null,
        backup_keep: Number(text('backup_keep')),
      })
      .catch(() => {});
  }

  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} aria-label="Settings">
      {!editable && (
        <p className="notice">Only an admin can change settings; you can read them here.</p>
      )}
      <fieldset disabled={!editable} className="plain-fieldset">
        <TextField
          label="Stuck after (days)"
          name="stuck_after_days"
          type="number"
          min={1}
          max={365}
          required
          defaultValue={settings.stuck_after_days}
          hint="An order produced or in stock this long without being dispatched is flagged stuck."
          error={fieldError(error, 'stuck_after_days')}
        />
        <TextField
          label="Time zone"
          name="timezone"
          required
          defaultValue={settings.timezone}
          hint="IANA name, such as Europe/London."
          error={fieldError(error, 'timezone')}
        />
        <TextField
          label="Session length (hours)"
          name="session_ttl_hours"
          type="number"
          min={1}
          required
          defaultValue={settings.session_ttl_hours}
          hint="How long a staff or portal sign-in lasts."
          error={fieldError(error, 'session_ttl_hours')}
        />
        <SelectField
          label="Default printer resolution"
          name="default_dpi"
          defaultValue={String(settings.default_dpi)}
          error={fieldError(error, 'default_dpi')}
        >
          <option value="203">203 dpi</option>
          <option value="300">300 dpi</option>
        </SelectField>
        <TextField
          label="Label size"
          fieldClassName="read-only"
          value={`${settings.label_size.replace('x', ' × ')} in`}
          readOnly
          aria-readonly
          hint="Fixed, not a setting: every piece label is laid out for 4 × 6 in (PDF and ZPL), so printers must take 4 × 6 in labels."
        />
        <TextField
          label="Public URL"
          name="public_url"
          type="url"
          defaultValue={settings.public_url ?? ''}
          placeholder="https://factory.example.com"
          hint="The address tablets and phones open this server at, e.g. behind a reverse proxy. Empty: the address you opened this page at."
          error={fieldError(error, 'public_url')}
        />
        <TextField
          label="GS1 company prefix"
          name="gs1_company_prefix"
          inputMode="numeric"
          defaultValue={settings.gs1_company_prefix ?? ''}
          placeholder="5012345"
          hint="For the SSCCs on pallet labels (Dispatch): the 6–12 digits GS1 gave your company. Empty: a restricted-circulation prefix, valid inside the company only."
          error={fieldError(error, 'gs1_company_prefix')}
        />
        <TextField
          label="Station app scheme"
          name="station_app_scheme"
          required
          defaultValue={settings.station_app_scheme}
          hint="Only for native station apps: their pairing QR code opens <scheme>://pair?code=…. The station page in a browser does not use it."
          error={fieldError(error, 'station_app_scheme')}
        />
        <TextField
          label="Keep webhook deliveries (days)"
          name="webhook_retention_days"
          type="number"
          min={1}
          required
          defaultValue={settings.webhook_retention_days}
          error={fieldError(error, 'webhook_retention_days')}
        />
        <TextAreaField
          label="Webhook hosts allowed"
          name="webhook_allowed_hosts"
          defaultValue={settings.webhook_allowed_hosts.join('\n')}
          hint="Host names or CIDR ranges, one per line. Empty: any host."
          error={fieldError(error, 'webhook_allowed_hosts')}
        />
        <TextField
          label="Backup schedule"
          name="backup_schedule"
          defaultValue={settings.backup_schedule ?? ''}
          placeholder="02:30"
          hint="A time of day in the factory's time zone (02:30; several: 02:30, 14:30) or an interval (every 6h). Empty: no scheduled backups. Each is verified before it counts."
          error={fieldError(error, 'backup_schedule')}
        />
        <TextField
          label="Backup folder"
          name="backup_dir"
          defaultValue={settings.backup_dir ?? ''}
          placeholder="/srv/backups/factoryd"
          hint="A folder on the server, better on another disk. Empty: backups/ in the data directory."
          error={fieldError(error, 'backup_dir')}
        />
        <TextField
          label="Backups kept"
          name="backup_keep"
          type="number"
          min={1}
          max={1000}
          required
          defaultValue={settings.backup_keep}
          hint="Older scheduled backups in the folder are deleted."
          error={fieldError(error, 'backup_keep')}
        />
      </fieldset>
      {!shownAtField(error, FIELDS) && <ErrorMessage error={error} labels={LABELS} />}
      {saved && (
        <p className="success-message" role="status">
          Settings saved.
        </p>
      )}
      {editable && (
        <button type="submit" disabled={update.isPending}>
          Save settings
        </button>
      )}
    </form>
  );
}
