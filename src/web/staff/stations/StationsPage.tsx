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
import { ROLE_LABELS, useStations } from './use-stations.js';
import { useTestLabel } from './use-test-label.js';

/** The floor's stations: role, last scan, hardware state; pair a new one. */
export function StationsPage() {
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
      <PageHeader title="Stations">
        <IfAllowed op="GET /v1/hardware/test-label">
          <button type="button" className="secondary" onClick={() => void printTestLabel()}>
            Print test label
          </button>
        </IfAllowed>
        <IfAllowed op="POST /v1/pairing-codes">
          <button type="button" onClick={() => setPairing(true)}>
            Pair a new station
          </button>
        </IfAllowed>
      </PageHeader>
      <ErrorMessage error={stations.error ?? testLabel.error} />
      <PagedTable
        list={list}
        pages={pages}
        label="Station pages"
        empty={
          <EmptyState title="No stations yet">
            A station is any device on the floor that scans labels: a PC or tablet with a scanner
            running the station page at <code>/station</code>. Choose “Pair a new station” to get
            its pairing code.
          </EmptyState>
        }
        head={
          <>
            <th scope="col">Station</th>
            <th scope="col">Role</th>
            <th scope="col">Default bay</th>
            <th scope="col">Last scan</th>
            <th scope="col">Hardware check</th>
            <th scope="col">Paired</th>
          </>
        }
        row={(s) => (
          <tr key={s.id} className={s.revoked_at ? 'revoked' : undefined}>
            <th scope="row">
              <Link to={`/stations/${s.id}`}>{s.name}</Link>
              {s.revoked_at && <span className="badge revoked-badge">Revoked</span>}
            </th>
            <td>{ROLE_LABELS[s.role]}</td>
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
