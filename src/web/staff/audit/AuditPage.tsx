import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { TextField } from '../../shared/ui/TextField.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useStaffT } from '../staff-i18n.js';
import {
  useAuditLog,
  useAuditVerification,
  type AuditEntry,
  type AuditFilters,
} from './use-audit.js';

/** The catalog's word for each kind of actor. */
const ACTOR_KEYS: Record<AuditEntry['actor']['type'], string> = {
  staff: 'audit.actor.staff',
  api_key: 'audit.actor.api_key',
  retailer_user: 'audit.actor.retailer_user',
  system: 'audit.actor.system',
};

/** The fields a change set, as `name: value` pairs on one line. */
function changesText(changes: AuditEntry['changes']): string {
  if (!changes) return '—';
  return Object.entries(changes)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

/** Every change by staff, API keys, retailer users and the scheduler; filters and the chain check. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const pages = useKeysetPages();
  const log = useAuditLog(filters, pages.cursor);
  const { t } = useStaffT();

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: AuditFilters = {};
    for (const key of ['action', 'actor_id', 'target_id'] as const) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    setFilters(next);
    pages.first();
  }

  return (
    <section>
      <PageHeader title={t('audit.title')} sub={t('audit.sub')}>
        <Verification />
      </PageHeader>
      <form className="card inline-form" onSubmit={apply} aria-label={t('audit.filter')}>
        <TextField
          label={t('audit.action')}
          name="action"
          placeholder={t('audit.action_example')}
          maxLength={100}
        />
        <TextField
          label={t('audit.actor_id')}
          name="actor_id"
          placeholder={t('audit.actor_example')}
          maxLength={64}
        />
        <TextField
          label={t('audit.target_id')}
          name="target_id"
          placeholder={t('audit.target_example')}
          maxLength={200}
        />
        <button type="submit">{t('audit.apply')}</button>
      </form>
      <ErrorMessage error={log.error} />
      <PagedTable
        list={log.data}
        pages={pages}
        label={t('audit.pages')}
        empty={<EmptyState title={t('audit.none')}>{t('audit.none_next')}</EmptyState>}
        head={
          <>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.who')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.record')}</th>
            <th scope="col">{t('audit.changes')}</th>
            <th scope="col">{t('audit.address')}</th>
          </>
        }
        row={(e) => (
          <tr key={e.id}>
            <td className="nowrap">{formatDateTime(e.at)}</td>
            <td>
              {e.actor.name ?? e.actor.id ?? '—'}
              <span className="muted"> · {t(ACTOR_KEYS[e.actor.type])}</span>
            </td>
            <th scope="row" className="nowrap">
              {e.action}
            </th>
            <td className="nowrap">{e.target.id ?? '—'}</td>
            <td className="audit-changes">{changesText(e.changes)}</td>
            <td className="nowrap">{e.ip ?? '—'}</td>
          </tr>
        )}
      />
    </section>
  );
}

/** "Check the trail": walks the hash chain and says whether every row holds. */
function Verification() {
  const verify = useAuditVerification();
  const verdict = verify.data;
  const { t } = useStaffT();
  return (
    <>
      <button
        type="button"
        className="secondary"
        disabled={verify.isFetching}
        onClick={() => void verify.refetch()}
      >
        {t('audit.check')}
      </button>
      <ErrorMessage error={verify.error} />
      {verdict?.ok && (
        <p className="success-message audit-verdict" role="status">
          {t('audit.holds', { count: verdict.rows })}
        </p>
      )}
      {verdict && !verdict.ok && (
        <p className="error-message audit-verdict" role="alert">
          {verdict.message}
        </p>
      )}
    </>
  );
}
