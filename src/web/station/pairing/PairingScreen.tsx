import { Suspense, lazy, useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { ApiError, UnreachableError } from '../../shared/api/api-error.js';
import { call } from '../../shared/api/client.js';
import { useStoredValue } from '../../shared/session/stored-value.js';
import { describeError } from '../../shared/ui/ErrorMessage.js';
import { TextField } from '../../shared/ui/TextField.js';
import { stationApi } from '../station-api.js';
import { stationT, useStationT } from '../station-i18n.js';
import { pairedStation, revokedStation, stationBay } from '../station-store.js';
import { pairingCodeIn } from './pairing-code.js';
import { UnsentScans } from './UnsentScans.js';

const CameraQr = lazy(() => import('./CameraQr.js'));

/** What went wrong with a code, in words that say what to do. */
function pairingProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'pairing_code_expired') {
      return stationT('pairing.expired');
    }
    if (error.code === 'invalid_pairing_code') {
      return stationT('pairing.invalid');
    }
    if (error.status === 429) {
      const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60));
      return stationT('pairing.too_many', { count: minutes });
    }
  }
  if (error instanceof UnreachableError) {
    return stationT('pairing.unreachable');
  }
  return describeError(error).message;
}

/** Whether this page may ask for the camera (HTTPS or localhost, and a browser that has one). */
function cameraPossible(): boolean {
  return window.isSecureContext && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

const MALFORMED = () => stationT('pairing.malformed');

/**
 * First visit of a device: type the pairing code a supervisor issued (or read its QR code with
 * the camera). A phone that opened the code's `pair_url` (`/station#code=…`) pairs by itself with
 * `fromAddress`; when that code is no good, it stays in the field with the reason. The station
 * token is kept on the device; the scan screen follows.
 */
export function PairingScreen({ fromAddress }: { fromAddress?: { text: string } | null }) {
  const { t } = useStationT();
  const revoked = useStoredValue(revokedStation);
  const [problem, setProblem] = useState<string | null>(() =>
    fromAddress && !pairingCodeIn(fromAddress.text) ? MALFORMED() : null,
  );
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  const tried = useRef(false);

  useEffect(() => {
    if (!fromAddress || tried.current) return;
    tried.current = true;
    const code = pairingCodeIn(fromAddress.text);
    if (code) void pair(code);
  }, [fromAddress]);

  async function pair(code: string) {
    setBusy(true);
    setProblem(null);
    try {
      const station = await call(stationApi().POST('/v1/stations/pair', { body: { code } }));
      stationBay.clear();
      revokedStation.clear();
      pairedStation.set({ ...station, paired_at: new Date().toISOString() });
    } catch (err) {
      setProblem(pairingProblem(err));
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('code') ?? '');
    const code = pairingCodeIn(typed);
    if (!code) {
      setProblem(MALFORMED());
      return;
    }
    void pair(code);
  }

  return (
    <main className="pairing">
      <div className="card">
        <h1>{t('pairing.title')}</h1>
        {revoked && (
          <p className="notice" role="alert">
            {t('pairing.revoked', { name: revoked.name })}
          </p>
        )}
        <p>
          <Trans t={t} i18nKey="pairing.ask" components={{ code: <code /> }} />
        </p>
        {camera ? (
          <Suspense fallback={<p>{t('pairing.starting_camera')}</p>}>
            <CameraQr
              onCode={(code) => {
                setCamera(false);
                void pair(code);
              }}
              onCancel={() => setCamera(false)}
            />
          </Suspense>
        ) : (
          <form onSubmit={submit}>
            <TextField
              label={t('pairing.code')}
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="BCDF-GHJK"
              defaultValue={fromAddress?.text}
              hint={t('pairing.code_hint')}
              autoFocus
              required
            />
            {problem && (
              <p className="error-message" role="alert">
                {problem}
              </p>
            )}
            <div className="pairing-buttons">
              <button type="submit" disabled={busy}>
                {busy ? t('pairing.pairing') : t('pairing.pair')}
              </button>
              {cameraPossible() && (
                <button type="button" className="secondary" onClick={() => setCamera(true)}>
                  {t('pairing.scan_qr')}
                </button>
              )}
            </div>
          </form>
        )}
        <UnsentScans />
      </div>
    </main>
  );
}
