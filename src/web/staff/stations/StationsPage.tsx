import { useState } from 'react';
import { Link } from 'react-router';
import { formatAgo, formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { IfAllowed } from '../access/access.js';
import { openPendingTab, showPdf } from '../common/label-files.js';
import { useSettings } from '../common/use-settings.js';
import { PageHeader } from '../layout/PageHeader.js';
import { HardwareState } from './HardwareState.js';
import { PairDialog } from './PairDialog.js';
import { useRoleWords, useStations } from './use-stations.js';
import { Trans } from 'react-i18next';
import { useStaffT } from '../staff-i18n.js';
import { useTestLabel } from './use-test-label.js';

/** The floor's stations: role, last scan, hardware state; pair a new one. */
export function StationsPage() {
  const { t } = useStaffT();
  const words = useRoleWords();
  const pages = useKeysetPages();
  const stations = useStations(pages.cursor);
  const [pairing, setPairing] = useState(false);
  const list = stations.data;
  const settings = useSettings();
  const testLabel = useTestLabel();

  async function printTestLabel() {
    const tab = openPendingTab();
    try {
      showPdf(tab, await testLabel.mutateAsync(settings.data?.default_dpi ?? 203));
    } catch {
      tab?.close();
    }
  }

  return (
    <section>
      <PageHeader title={t('stations.title')}>
        <IfAllowed op="GET /v1/hardware/test-label">
          <button type="button" className="secondary" onClick={() => void printTestLabel()}>
            {t('stations.print_test_label')}
          </button>
        </IfAllowed>
        <IfAllowed op="POST /v1/pairing-codes">
          <button type="button" onClick={() => setPairing(true)}>
            {t('stations.pair')}
          </button>
        </IfAllowed>
      </PageHeader>
      <ErrorMessage error={stations.error ?? testLabel.error} />
      <PagedTable
        list={list}
        pages={pages}
        label={t('stations.pages')}
        empty={
          <EmptyState title={t('stations.none_yet')}>
            <Trans ns="staff" i18nKey="stations.none_yet_next" components={[<code key="c" />]} />
          </EmptyState>
        }
        head={
          <>
            <th scope="col">{t('stations.station')}</th>
            <th scope="col">{t('stations.role_column')}</th>
            <th scope="col">{t('stations.default_bay')}</th>
            <th scope="col">{t('stations.last_scan')}</th>
            <th scope="col">{t('stations.hardware_check')}</th>
            <th scope="col">{t('stations.paired')}</th>
          </>
        }
        row={(s) => (
          <tr key={s.id} className={s.revoked_at ? 'revoked' : undefined}>
            <th scope="row">
              <Link to={`/stations/${s.id}`}>{s.name}</Link>
              {s.revoked_at && <span className="badge revoked-badge">{t('stations.revoked')}</span>}
            </th>
            <td>{words.role(s.role)}</td>
            <td>{s.default_location ?? '—'}</td>
            <td className="nowrap">{formatAgo(s.last_scan_at)}</td>
            <td>
              <HardwareState check={s.hardware} />
            </td>
            <td className="nowrap">{formatDateTime(s.paired_at)}</td>
          </tr>
        )}
      />
      {pairing && <PairDialog onClose={() => setPairing(false)} />}
    </section>
  );
}
