import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatAgo, formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { TextField } from '../../shared/ui/TextField.js';
import { IfAllowed, useCan } from '../access/access.js';
import { PageHeader } from '../layout/PageHeader.js';
import { HardwareState, hardwareDetail } from './HardwareState.js';
import {
  ROLE_LABELS,
  useHardwareChecks,
  useRevokeStation,
  useStation,
  useUpdateStation,
  type Station,
} from './use-stations.js';

/** One station: rename it, set its default bay, revoke it; its hardware check history. */
export function StationPage() {
  const { id = '' } = useParams();
  const station = useStation(id);
  const [revoking, setRevoking] = useState(false);
  const revoke = useRevokeStation(id);
  // Here, not in the form: the form is drawn afresh from what the server saved.
  const update = useUpdateStation(id);
  const can = useCan();

  if (station.error)
    return <ErrorMessage error={station.error} title="This station could not be shown." />;
  if (!station.data) return <p className="loading">Loading the station…</p>;
  const s = station.data;
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/stations">← Stations</Link>
      </p>
      <PageHeader
        title={s.name}
        sub={
          <>
            {ROLE_LABELS[s.role]} station · paired {formatDateTime(s.paired_at)} · last scan{' '}
            {formatAgo(s.last_scan_at)}
            {s.revoked_at && <strong> · revoked {formatDateTime(s.revoked_at)}</strong>}
          </>
        }
      >
        {!s.revoked_at && (
          <IfAllowed op="DELETE /v1/stations/:id">
            <button type="button" className="danger" onClick={() => setRevoking(true)}>
              Revoke…
            </button>
          </IfAllowed>
        )}
      </PageHeader>

      <p>
        Hardware: <HardwareState check={s.hardware} />
      </p>

      {!s.revoked_at && can('PATCH /v1/stations/:id') && (
        <StationForm key={s.id + s.name + (s.default_location ?? '')} station={s} update={update} />
      )}

      <h2>Hardware check history</h2>
      <HardwareHistory id={s.id} />

      {revoking && (
        <ConfirmDialog
          title={`Revoke ${s.name}?`}
          confirmLabel="Revoke the station"
          onConfirm={() => revoke.mutateAsync()}
          onClose={() => setRevoking(false)}
        >
          <p>
            Its token stops working at once: the device must be paired again with a new code to
            scan. Its scans stay in the history.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function StationForm({
  station,
  update,
}: {
  station: Station;
  update: ReturnType<typeof useUpdateStation>;
}) {
  const saved = update.isSuccess;
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const bay = String(form.get('default_location')).trim();
    await update
      .mutateAsync({ name: String(form.get('name')).trim(), default_location: bay || null })
      .catch(() => {});
  }
  return (
    <form className="card narrow-form" onSubmit={(e) => void save(e)}>
      <TextField
        label="Name"
        name="name"
        defaultValue={station.name}
        required
        maxLength={60}
        error={fieldError(update.error, 'name')}
      />
      <TextField
        label="Default bay"
        name="default_location"
        defaultValue={station.default_location ?? ''}
        maxLength={40}
        hint="Stock scans without a bay of their own are put here. Leave empty for none."
        error={fieldError(update.error, 'default_location')}
      />
      {!shownAtField(update.error, ['name', 'default_location']) && (
        <ErrorMessage error={update.error} />
      )}
      {saved && (
        <p className="success-message" role="status">
          Saved.
        </p>
      )}
      <button type="submit" disabled={update.isPending}>
        Save
      </button>
    </form>
  );
}

function HardwareHistory({ id }: { id: string }) {
  const pages = useKeysetPages();
  const checks = useHardwareChecks(id, pages.cursor);
  const list = checks.data;
  if (checks.error) return <ErrorMessage error={checks.error} />;
  if (!list) return <p className="loading">Loading…</p>;
  return (
    <PagedTable
      list={list}
      pages={pages}
      label="Hardware check pages"
      empty={
        <EmptyState title="No hardware checks yet">
          Print the test label (Stations → Print test label) and scan it at the station to check its
          scanner; the station page records the result here.
        </EmptyState>
      }
      head={
        <>
          <th scope="col">Checked</th>
          <th scope="col">Result</th>
          <th scope="col">Details</th>
          <th scope="col">Notes</th>
        </>
      }
      row={(c) => (
        <tr key={c.id}>
          <td className="nowrap">{formatDateTime(c.checked_at)}</td>
          <td>{c.passed ? '✓ Passed' : '✕ Failed'}</td>
          <td>{hardwareDetail(c)}</td>
          <td>{c.notes ?? '—'}</td>
        </tr>
      )}
    />
  );
}
