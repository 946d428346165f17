import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoredValue } from '../shared/session/stored-value.js';
import { registerServiceWorker } from './offline/register-service-worker.js';
import { PairingScreen } from './pairing/PairingScreen.js';
import { takePairingCodeFromAddress } from './pairing/pairing-code.js';
import { ScanScreen } from './scan/ScanScreen.js';
import { initialStationLanguage, setStationLanguage } from './station-i18n.js';
import { pairedStation, revokedStation } from './station-store.js';
import './station.css';

// The station's words in the browser's language (an operator's badge switches them later): its
// catalog is loaded with this chunk, before the first paint.
await setStationLanguage(initialStationLanguage());

/**
 * The station page at `/station`: any browser with a keyboard-wedge scanner becomes a scan
 * station. Unpaired, it asks for a pairing code (or pairs with the one in its address,
 * `/station#code=…`); paired, it is the scan loop until a supervisor
 * revokes the station, which brings pairing back with a sentence saying so.
 */
export default function StationFace() {
  const { t } = useTranslation('station');
  const station = useStoredValue(pairedStation);
  // Taken out of the address whatever happens: a device already paired keeps its station.
  const fromAddress = takePairingCodeFromAddress();
  useEffect(registerServiceWorker, []);
  useEffect(() => {
    document.title = station ? t('title.paired', { name: station.name }) : t('title.pairing');
  }, [station, t]);

  if (!station) return <PairingScreen fromAddress={fromAddress} />;
  return (
    <ScanScreen
      key={station.id}
      station={station}
      onRevoked={() => {
        revokedStation.set({ name: station.name, at: new Date().toISOString() });
        pairedStation.clear();
      }}
    />
  );
}
