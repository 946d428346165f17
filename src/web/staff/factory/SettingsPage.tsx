import type { FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { shownAtField } from '../../shared/ui/field-error.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { useCan } from '../access/access.js';
import { FormField, wordsError, type FormWords } from '../common/FormField.js';
import { useSettings } from '../common/use-settings.js';
import { useStaffT } from '../staff-i18n.js';
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

/**
 * The fields' labels and hints in the page's language (the server's sentences say the labels).
 */
function settingsWords(t: TFunction, error: unknown): FormWords {
  return {
    labels: {
      stuck_after_days: t('factory.settings.label.stuck_after_days'),
      timezone: t('factory.settings.label.timezone'),
      session_ttl_hours: t('factory.settings.label.session_ttl_hours'),
      default_dpi: t('factory.settings.label.default_dpi'),
      label_size: t('factory.settings.label.label_size'),
      public_url: t('factory.settings.label.public_url'),
      station_app_scheme: t('factory.settings.label.station_app_scheme'),
      webhook_retention_days: t('factory.settings.label.webhook_retention_days'),
      webhook_allowed_hosts: t('factory.settings.label.webhook_allowed_hosts'),
      backup_schedule: t('factory.settings.label.backup_schedule'),
      backup_dir: t('factory.settings.label.backup_dir'),
      backup_keep: t('factory.settings.label.backup_keep'),
      gs1_company_prefix: t('factory.settings.label.gs1_company_prefix'),
    },
    hints: {
      stuck_after_days: t('factory.settings.hint.stuck_after_days'),
      timezone: t('factory.settings.hint.timezone'),
      session_ttl_hours: t('factory.settings.hint.session_ttl_hours'),
      label_size: t('factory.settings.hint.label_size'),
      public_url: t('factory.settings.hint.public_url'),
      gs1_company_prefix: t('factory.settings.hint.gs1_company_prefix'),
      station_app_scheme: t('factory.settings.hint.station_app_scheme'),
      webhook_allowed_hosts: t('factory.settings.hint.webhook_allowed_hosts'),
      backup_schedule: t('factory.settings.hint.backup_schedule'),
      backup_dir: t('factory.settings.hint.backup_dir'),
      backup_keep: t('factory.settings.hint.backup_keep'),
    },
    error,
  };
}

/** The factory's settings: everyone may read them, an admin may change them. */
export function SettingsPage() {
  const { t } = useStaffT();
  const settings = useSettings();
  // Here, not in the form: the form is drawn afresh from what the server saved.
  const update = useUpdateSettings();
  if (settings.error) return <ErrorMessage error={settings.error} />;
  if (!settings.data) return <p className="loading">{t('factory.loading')}</p>;
  return <SettingsForm key={settings.data.updated_at} settings={settings.data} update={update} />;
}

function SettingsForm({
  settings,
  update,
}: {
  settings: Settings;
  update: ReturnType<typeof useUpdateSettings>;
}) {
  const { t } = useStaffT();
  const can = useCan();
  const editable = can('PATCH /v1/settings');
  const saved = update.isSuccess;
  const error = update.error;
  const words = settingsWords(t, error);
  const [width, height] = settings.label_size.split('x');

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
    <form
      className="card settings-form"
      onSubmit={(e) => void submit(e)}
      aria-label={t('factory.settings.form')}
    >
      {!editable && <p className="notice">{t('factory.settings.read_only')}</p>}
      <fieldset disabled={!editable} className="plain-fieldset">
        <FormField
          words={words}
          name="stuck_after_days"
          type="number"
          min={1}
          max={365}
          required
          defaultValue={settings.stuck_after_days}
        />
        <FormField words={words} name="timezone" required defaultValue={settings.timezone} />
        <FormField
          words={words}
          name="session_ttl_hours"
          type="number"
          min={1}
          required
          defaultValue={settings.session_ttl_hours}
        />
        <SelectField
          label={words.labels.default_dpi!}
          name="default_dpi"
          defaultValue={String(settings.default_dpi)}
          error={wordsError(words, 'default_dpi')}
        >
          <option value="203">{t('factory.settings.dpi', { dpi: 203 })}</option>
          <option value="300">{t('factory.settings.dpi', { dpi: 300 })}</option>
        </SelectField>
        <TextField
          label={words.labels.label_size!}
          fieldClassName="read-only"
          value={t('factory.settings.label_size_value', { width, height })}
          readOnly
          aria-readonly
          hint={words.hints.label_size}
        />
        <FormField
          words={words}
          name="public_url"
          type="url"
          defaultValue={settings.public_url ?? ''}
          placeholder={t('factory.settings.example_public_url')}
        />
        <FormField
          words={words}
          name="gs1_company_prefix"
          inputMode="numeric"
          defaultValue={settings.gs1_company_prefix ?? ''}
          placeholder="5012345"
        />
        <FormField
          words={words}
          name="station_app_scheme"
          required
          defaultValue={settings.station_app_scheme}
        />
        <FormField
          words={words}
          name="webhook_retention_days"
          type="number"
          min={1}
          required
          defaultValue={settings.webhook_retention_days}
        />
        <FormField
          words={words}
          name="webhook_allowed_hosts"
          multiline
          defaultValue={settings.webhook_allowed_hosts.join('\n')}
        />
        <FormField
          words={words}
          name="backup_schedule"
          defaultValue={settings.backup_schedule ?? ''}
          placeholder="02:30"
        />
        <FormField
          words={words}
          name="backup_dir"
          defaultValue={settings.backup_dir ?? ''}
          placeholder={t('factory.settings.example_backup_dir')}
        />
        <FormField
          words={words}
          name="backup_keep"
          type="number"
          min={1}
          max={1000}
          required
          defaultValue={settings.backup_keep}
        />
      </fieldset>
      {!shownAtField(error, FIELDS) && <ErrorMessage error={error} labels={words.labels} />}
      {saved && (
        <p className="success-message" role="status">
          {t('factory.settings.saved')}
        </p>
      )}
      {editable && (
        <button type="submit" disabled={update.isPending}>
          {t('factory.settings.save')}
        </button>
      )}
    </form>
  );
}
