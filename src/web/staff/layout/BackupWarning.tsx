import { useQuery } from '@tanstack/react-query';
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
    <div className="backup-warning" role="alert" aria-label="Backup failed">
      <strong>The scheduled backup of {formatDateTime(last.started_at)} failed</strong>:{' '}
      {sentence(last.error ?? 'no reason was recorded')} It is not a backup.{' '}
      {good
        ? `The latest good backup is from ${formatDateTime(good.finished_at)}.`
        : 'There is no good scheduled backup yet.'}{' '}
      <Link to="/factory/settings">Backup settings</Link>
    </div>
  );
}

/** The server's reason as a sentence: ends with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
