import { Suspense, lazy, useState } from 'react';
import type { ApiError } from '../../shared/api/api-error.js';
import { useStoredValue } from '../../shared/session/stored-value.js';
import { useStationT } from '../station-i18n.js';
import {
  stationBay,
  stationDefaultBay,
  stationLoad,
  type PairedStation,
} from '../station-store.js';
import { BayDialog } from './BayDialog.js';
import { RecentScans } from './RecentScans.js';
import { ScanInput } from './ScanInput.js';
import { StationHeader } from './StationHeader.js';
import { VerdictPanel } from './VerdictPanel.js';
import { useStationPrinter } from './use-station-printer.js';
import { useStationScans } from './use-station-scans.js';
import { useWakeLock } from './use-wake-lock.js';
import { signedInOperator } from './describe-scan.js';

const HardwareCheck = lazy(() => import('../hardware-check/HardwareCheck.js'));

/**
 * The scan loop of a paired station, full screen: header, the scan input (which keeps the
 * focus), the verdict of the last scan — or a refusal that came back for a scan that waited on
 * the device, until acknowledged — and the list of the last ones. A stock station asks for its
 * bay first. "Check scanner" opens the guided hardware check; scans waiting on the device
 * keep being sent meanwhile.
 */
export function ScanScreen({
  station,
  onRevoked,
}: {
  station: PairedStation;
  onRevoked: (error: ApiError) => void;
}) {
  const { t } = useStationT();
  useWakeLock();
  const scans = useStationScans(station, onRevoked);
  const saved = useStoredValue(stationBay);
  /** undefined: not chosen yet; null: the station's default bay. */
  const bay = saved?.station_id === station.id ? saved.bay : undefined;
  const known = useStoredValue(stationDefaultBay);
  /** The station's default bay as its answers showed it; undefined: not known. */
  const defaultBay = known?.station_id === station.id ? known.bay : undefined;
  const loading = useStoredValue(stationLoad);
  const load = loading?.station_id === station.id ? loading.consignment : undefined;
  /**
   * A stock station without a bay asks for one: none chosen yet, or the default bay chosen and
   * the server since saying the station has none.
   */
  const needsBay =
    station.role === 'stock' && (bay === undefined || (bay === null && defaultBay === null));
  const [changingBay, setChangingBay] = useState(false);
  const bayOpen = needsBay || changingBay;
  const [checking, setChecking] = useState(false);
  const active = scans.ready && !bayOpen && !checking;
  const alert = scans.alerts[0];
  const printing = useStationPrinter();
  /** The last piece this station scanned (a label the server knew): the one to reprint. */
  const lastPiece = scans.recent.find((scan) => scan.state === 'accepted' && scan.piece)?.barcode;

  return (
    <div className="station" data-ready={active ? 'true' : undefined}>
      <StationHeader
        station={station}
        bay={bay}
        defaultBay={defaultBay}
        pending={scans.pending}
        online={scans.online}
        load={load}
        onChangeBay={() => setChangingBay(true)}
        onCheckScanner={() => setChecking(true)}
        printer={printing.printer}
        reprint={printing.reprintOf(lastPiece)}
        onReprint={lastPiece ? () => void printing.reprintLabel(lastPiece) : undefined}
        operator={signedInOperator(scans.recent)}
      />
      {checking ? (
        <Suspense fallback={<p className="loading">{t('scan.loading_check')}</p>}>
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
            label={t('scan.label')}
            active={active}
            onScan={(barcode) => {
              if (alert) scans.acknowledge(barcode);
              else scans.scan(barcode, station.role === 'stock' ? (bay ?? null) : null);
            }}
            onEmpty={() => {
              if (alert) scans.acknowledge(null);
            }}
          />
          <div className={alert ? 'station-body alerting' : 'station-body'}>
            {/* Boxes of fixed size (station.css): what changes in the verdict or the list lays
                out nothing else on the page. */}
            <div className="verdict-box">
              <VerdictPanel
                scan={scans.latest}
                replayed={
                  alert && {
                    scan: alert,
                    number: scans.alertsSeen + 1,
                    of: scans.alertsSeen + scans.alerts.length,
                  }
                }
                unsent={scans.unsent}
                onAcknowledge={() => scans.acknowledge(null)}
              />
            </div>
            <div className="recent-box">
              <RecentScans scans={scans.recent} />
            </div>
          </div>
        </main>
      )}
      <BayDialog
        open={bayOpen}
        required={needsBay}
        current={bay}
        defaultBay={defaultBay}
        onChoose={(chosen) => {
          stationBay.set({ station_id: station.id, bay: chosen });
          setChangingBay(false);
        }}
        onClose={() => setChangingBay(false)}
      />
    </div>
  );
}
