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
import { useStaffT } from '../staff-i18n.js';
import {
  useRoleWords,
  useHardwareChecks,
  useRevokeStation,
  useStation,
  useUpdateStation,
  type Station,
} from './use-stations.js';

/** One station: rename it, set its default bay, revoke it; its hardware check history. */
export function StationPage() {
  const { t } = useStaffT();
  const words = useRoleWords();
  const { id = '' } = useParams();
  const station = useStation(id);
  const [revoking, setRevoking] = useState(false);
  const revoke = useRevokeStation(id);
  // Here, not in the form: the form is drawn afresh from what the server saved.
  const update = useUpdateStation(id);
  const can = useCan();

  if (station.error) return <ErrorMessage error={station.error} title={t('stations.not_shown')} />;
  if (!station.data) return <p className="loading">{t('stations.loading_station')}</p>;
  const s = station.data;
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/stations">{t('stations.back')}</Link>
      </p>
      <PageHeader
        title={s.name}
        sub={
          <>
            {t('stations.sub', {
              role: words.role(s.role),
              paired: formatDateTime(s.paired_at),
              last: formatAgo(s.last_scan_at),
            })}
            {s.revoked_at && (
              <strong>{t('stations.sub_revoked', { time: formatDateTime(s.revoked_at) })}</strong>
            )}
          </>
        }
      >
        {!s.revoked_at && (
          <IfAllowed op="DELETE /v1/stations/:id">
            <button type="button" className="danger" onClick={() => setRevoking(true)}>
              {t('stations.revoke')}
            </button>
          </IfAllowed>
        )}
      </PageHeader>

      <p>
        {t('stations.hardware')} <HardwareState check={s.hardware} />
      </p>

      {!s.revoked_at && can('PATCH /v1/stations/:id') && (
        <StationForm key={s.id + s.name + (s.default_location ?? '')} station={s} update={update} />
      )}

      <h2>{t('stations.history')}</h2>
      <HardwareHistory id={s.id} />

      {revoking && (
        <ConfirmDialog
          title={t('stations.revoke_title', { name: s.name })}
          confirmLabel={t('stations.revoke_confirm')}
          onConfirm={() => revoke.mutateAsync()}
          onClose={() => setRevoking(false)}
        >
          <p>{t('stations.revoke_text')}</p>
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
  const { t } = useStaffT();
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
        label={t('stations.name')}
        name="name"
        defaultValue={station.name}
        required
        maxLength={60}
        error={fieldError(update.error, 'name')}
      />
      <TextField
        label={t('stations.default_bay')}
        name="default_location"
        defaultValue={station.default_location ?? ''}
        maxLength={40}
        hint={t('stations.bay_hint')}
        error={fieldError(update.error, 'default_location')}
      />
      {!shownAtField(update.error, ['name', 'default_location']) && (
        <ErrorMessage error={update.error} />
      )}
      {saved && (
        <p className="success-message" role="status">
          {t('stations.saved')}
        </p>
      )}
      <button type="submit" disabled={update.isPending}>
        {t('stations.save')}
      </button>
    </form>
  );
}

function HardwareHistory({ id }: { id: string }) {
  const { t } = useStaffT();
  const pages = useKeysetPages();
  const checks = useHardwareChecks(id, pages.cursor);
  const list = checks.data;
  if (checks.error) return <ErrorMessage error={checks.error} />;
  if (!list) return <p className="loading">{t('stations.loading')}</p>;
  return (
    <PagedTable
      list={list}
      pages={pages}
      label={t('stations.check_pages')}
      empty={
        <EmptyState title={t('stations.no_checks')}>{t('stations.no_checks_next')}</EmptyState>
      }
      head={
        <>
          <th scope="col">{t('stations.checked')}</th>
          <th scope="col">{t('stations.result')}</th>
          <th scope="col">{t('stations.details')}</th>
          <th scope="col">{t('stations.notes')}</th>
        </>
      }
      row={(c) => (
        <tr key={c.id}>
          <td className="nowrap">{formatDateTime(c.checked_at)}</td>
          <td>{c.passed ? t('stations.passed') : t('stations.failed')}</td>
          <td>{hardwareDetail(t, c)}</td>
          <td>{c.notes ?? '—'}</td>
        </tr>
      )}
    />
  );
}
