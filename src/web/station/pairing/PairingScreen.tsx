import { Suspense, lazy, useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, UnreachableError } from '../../shared/api/api-error.js';
import { call } from '../../shared/api/client.js';
import { useStoredValue } from '../../shared/session/stored-value.js';
import { describeError } from '../../shared/ui/ErrorMessage.js';
import { TextField } from '../../shared/ui/TextField.js';
import { stationApi } from '../station-api.js';
import { pairedStation, revokedStation, stationBay } from '../station-store.js';
import { pairingCodeIn } from './pairing-code.js';
import { UnsentScans } from './UnsentScans.js';

const CameraQr = lazy(() => import('./CameraQr.js'));

/** What went wrong with a code, in words that say what to do. */
function pairingProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'pairing_code_expired') {
      return 'This code has expired: a code lasts 10 minutes. Ask for a new one.';
    }
    if (error.code === 'invalid_pairing_code') {
      return 'This code is not valid: it was mistyped or has already been used. Check it, or ask for a new one.';
    }
    if (error.status === 429) {
      const minutes = Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60));
      return `Too many wrong codes from this device. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
    }
  }
  if (error instanceof UnreachableError) {
    return 'The server does not answer. Check the network connection and try again.';
  }
  return describeError(error).message;
}

/** Whether this page may ask for the camera (HTTPS or localhost, and a browser that has one). */
function cameraPossible(): boolean {
  return window.isSecureContext && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

const MALFORMED = 'A pairing code is 8 letters, like BCDF-GHJK (no vowels, no digits).';

/**
 * First visit of a device: type the pairing code a supervisor issued (or read its QR code with
 * the camera). A phone that opened the code's `pair_url` (`/station#code=…`) pairs by itself with
 * `fromAddress`; when that code is no good, it stays in the field with the reason. The station
 * token is kept on the device; the scan screen follows.
 */
export function PairingScreen({ fromAddress }: { fromAddress?: { text: string } | null }) {
  const revoked = useStoredValue(revokedStation);
  const [problem, setProblem] = useState<string | null>(() =>
    fromAddress && !pairingCodeIn(fromAddress.text) ? MALFORMED : null,
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
      setProblem(MALFORMED);
      return;
    }
    void pair(code);
  }

  return (
    <main className="pairing">
      <div className="card">
        <h1>Pair this station</h1>
        {revoked && (
          <p className="notice" role="alert">
            This device was the station “{revoked.name}”, which a supervisor revoked. Pair it again
            with a new code.
          </p>
        )}
        <p>
          Ask a supervisor for a pairing code (the staff app or <code>factory tui</code>, Stations).
          It names the station and what it scans.
        </p>
        {camera ? (
          <Suspense fallback={<p>Starting the camera…</p>}>
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
              label="Pairing code"
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="BCDF-GHJK"
              defaultValue={fromAddress?.text}
              hint="8 letters; the dash is optional."
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
                {busy ? 'Pairing…' : 'Pair this station'}
              </button>
              {cameraPossible() && (
                <button type="button" className="secondary" onClick={() => setCamera(true)}>
                  Scan the QR code
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
