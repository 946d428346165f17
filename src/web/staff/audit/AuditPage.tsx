import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { TextField } from '../../shared/ui/TextField.js';
import { PageHeader } from '../layout/PageHeader.js';
import {
  useAuditLog,
  useAuditVerification,
  type AuditEntry,
  type AuditFilters,
} from './use-audit.js';

const ACTOR_WORDS: Record<AuditEntry['actor']['type'], string> = {
  staff: 'Staff',
  api_key: 'API key',
  retailer_user: 'Retailer user',
  system: 'Scheduler',
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
      <PageHeader title="Audit" sub="Every change, who made it and from where.">
        <Verification />
      </PageHeader>
      <form className="card inline-form" onSubmit={apply} aria-label="Filter changes">
        <TextField label="Action" name="action" placeholder="order.cancel" maxLength={100} />
        <TextField label="Who (id)" name="actor_id" placeholder="stf_… or key_…" maxLength={64} />
        <TextField label="Record (id)" name="target_id" placeholder="ord_…" maxLength={200} />
        <button type="submit">Filter</button>
      </form>
      <ErrorMessage error={log.error} />
      <PagedTable
        list={log.data}
        pages={pages}
        label="Audit pages"
        empty={
          <EmptyState title="No changes here">
            Every change made by staff, an API key, a retailer user or the scheduler is listed here.
            Scans are kept on their orders and stations instead.
          </EmptyState>
        }
        head={
          <>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Record</th>
            <th scope="col">Changes</th>
            <th scope="col">Address</th>
          </>
        }
        row={(e) => (
          <tr key={e.id}>
            <td className="nowrap">{formatDateTime(e.at)}</td>
            <td>
              {e.actor.name ?? e.actor.id ?? '—'}
              <span className="muted"> · {ACTOR_WORDS[e.actor.type]}</span>
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
  return (
    <>
      <button
        type="button"
        className="secondary"
        disabled={verify.isFetching}
        onClick={() => void verify.refetch()}
      >
        Check the trail
      </button>
      <ErrorMessage error={verify.error} />
      {verdict?.ok && (
        <p className="success-message audit-verdict" role="status">
          All {verdict.rows} rows hold: none edited or deleted.
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
