import { Suspense, lazy, useState } from 'react';
import type { ApiError } from '../../shared/api/api-error.js';
import { useStoredValue } from '../../shared/session/stored-value.js';
import { stationBay, type PairedStation } from '../station-store.js';
import { BayDialog } from './BayDialog.js';
import { RecentScans } from './RecentScans.js';
import { ScanInput } from './ScanInput.js';
import { StationHeader } from './StationHeader.js';
import { VerdictPanel } from './VerdictPanel.js';
import { useStationScans } from './use-station-scans.js';
import { useWakeLock } from './use-wake-lock.js';

const HardwareCheck = lazy(() => import('../hardware-check/HardwareCheck.js'));

/**
 * The scan loop of a paired station, full screen: header, the scan input (which keeps the
 * focus), the verdict of the last scan and the list of the last ones. A stock station asks for
 * its bay first. "Check scanner" opens the guided hardware check; scans waiting on the device
 * keep being sent meanwhile.
 */
export function ScanScreen({
  station,
  onRevoked,
}: {
  station: PairedStation;
  onRevoked: (error: ApiError) => void;
}) {
  useWakeLock();
  const scans = useStationScans(station, onRevoked);
  const saved = useStoredValue(stationBay);
  /** undefined: not chosen yet; null: the station's default bay. */
  const bay = saved?.station_id === station.id ? saved.bay : undefined;
  const [bayOpen, setBayOpen] = useState(station.role === 'stock' && bay === undefined);
  const [checking, setChecking] = useState(false);
  const active = scans.ready && !bayOpen && !checking;

  return (
    <div className="station" data-ready={active ? 'true' : undefined}>
      <StationHeader
        station={station}
        bay={bay}
        pending={scans.pending}
        online={scans.online}
        onChangeBay={() => setBayOpen(true)}
        onCheckScanner={() => setChecking(true)}
      />
      {checking ? (
        <Suspense fallback={<p className="loading">Loading the scanner check…</p>}>
          <HardwareCheck onDone={() => setChecking(false)} />
        </Suspense>
      ) : (
        <main className="station-main">
          {scans.failure && (
            <p className="error-message" role="alert">
              {scans.failure}
            </p>
          )}
          <ScanInput
            label="Scan a label"
            active={active}
            onScan={(barcode) =>
              scans.scan(barcode, station.role === 'stock' ? (bay ?? null) : null)
            }
          />
          <div className="station-body">
            <VerdictPanel scan={scans.latest} />
            <RecentScans scans={scans.recent} />
          </div>
        </main>
      )}
      <BayDialog
        open={bayOpen}
        current={bay}
        onChoose={(chosen) => {
          stationBay.set({ station_id: station.id, bay: chosen });
          setBayOpen(false);
        }}
        onClose={() => setBayOpen(false)}
      />
    </div>
  );
}
