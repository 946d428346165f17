import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import { formatDateTime } from '../../shared/format.js';
import { useCan } from '../access/access.js';

/**
 * A warning across the top of the staff app for admins while the latest scheduled backup failed
 * (GET /v1/backups): a failed backup is not a backup, and nobody may notice otherwise until the
 * day one is needed.
 */
export function BackupWarning() {
  const { t } = useTranslation('staff');
  const can = useCan();
  const allowed = can('GET /v1/backups');
  const api = useApi();
  const status = useQuery({
    queryKey: ['backups'],
    queryFn: ({ signal }) => call(api.GET('/v1/backups', { signal })),
    enabled: allowed,
    refetchInterval: 5 * 60_000,
    staleTime: 60_000,
  });
  const last = status.data?.last_run;
  if (!allowed || !last || last.status !== 'failed') return null;
  const good = status.data?.last_completed;
  return (
    <div className="backup-warning" role="alert" aria-label={t('backup.label')}>
      <strong>{t('backup.failed', { time: formatDateTime(last.started_at) })}</strong>:{' '}
      {sentence(last.error ?? t('backup.no_reason'))} {t('backup.not_a_backup')}{' '}
      {good
        ? t('backup.latest_good', { time: formatDateTime(good.finished_at) })
        : t('backup.none_good')}{' '}
      <Link to="/factory/settings">{t('backup.settings')}</Link>
    </div>
  );
}

/** The server's reason as a sentence: ends with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
