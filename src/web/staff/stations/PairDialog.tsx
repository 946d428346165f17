import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../shared/ui/Dialog.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { useNow } from '../common/use-now.js';
import { QrCode } from './QrCode.js';
import {
  ROLE_LABELS,
  useCreatePairingCode,
  usePairingCodeState,
  type PairingCode,
  type StationRole,
} from './use-stations.js';

/**
 * Pair a new station: name it and choose its role, then show the single-use code large with its
 * QR and a live countdown, and notice by itself when the station has paired with that code.
 */
export function PairDialog({ onClose }: { onClose: () => void }) {
  const create = useCreatePairingCode();
  const [code, setCode] = useState<PairingCode | null>(null);

  async function issue(name: string, role: StationRole) {
    setCode(await create.mutateAsync({ name, role }));
  }

  return (
    <Dialog
      title={code ? `Pair “${code.name}”` : 'Pair a new station'}
      onClose={onClose}
      wide={code !== null}
    >
      {code ? (
        <PairingCodePanel
          code={code}
          onAgain={() => {
            create.reset();
            void issue(code.name, code.role).catch(() => {});
          }}
          onClose={onClose}
        />
      ) : (
        <PairForm
          error={create.error}
          busy={create.isPending}
          onSubmit={(name, role) => void issue(name, role).catch(() => {})}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

function PairForm({
  error,
  busy,
  onSubmit,
  onCancel,
}: {
  error: unknown;
  busy: boolean;
  onSubmit: (name: string, role: StationRole) => void;
  onCancel: () => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSubmit(String(form.get('name')).trim(), String(form.get('role')) as StationRole);
  };
  return (
    <form onSubmit={submit}>
      <TextField
        label="Station name"
        name="name"
        required
        maxLength={60}
        placeholder="Packing line 2"
        hint="What people on the floor call it; shown on its screen and in the scan history."
        error={fieldError(error, 'name')}
      />
      <SelectField
        label="Role"
        name="role"
        defaultValue="produce"
        error={fieldError(error, 'role')}
      >
        {Object.entries(ROLE_LABELS).map(([role, label]) => (
          <option key={role} value={role}>
            {role === 'board'
              ? `${label}: the floor board on a TV, read-only, cannot scan`
              : `${label}: records ${role} scans only`}
          </option>
        ))}
      </SelectField>
      {!shownAtField(error, ['name', 'role']) && <ErrorMessage error={error} />}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" disabled={busy}>
          {busy ? 'Issuing…' : 'Get a pairing code'}
        </button>
      </div>
    </form>
  );
}

function PairingCodePanel({
  code,
  onAgain,
  onClose,
}: {
  code: PairingCode;
  onAgain: () => void;
  onClose: () => void;
}) {
  const state = usePairingCodeState(code.id);
  const now = useNow(1000);
  const left = Math.max(0, Math.round((Date.parse(code.expires_at) - now) / 1000));
  const status = state.data?.status ?? 'pending';
  const expired = status === 'expired' || (status === 'pending' && left === 0);

  if (status === 'paired' && state.data) {
    return (
      <div className="paired" role="status">
        <p className="paired-title">✓ Paired: {code.name}</p>
        <p>
          {code.role === 'board'
            ? 'The board shows the floor.'
            : `The station is ready to scan (${ROLE_LABELS[code.role].toLowerCase()} scans).`}{' '}
          {state.data.station_id && (
            <Link to={`/stations/${state.data.station_id}`} onClick={onClose}>
              See the station
            </Link>
          )}
        </p>
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    );
  }

  // The station page's own address: pair_url without the code.
  const stationPage = code.pair_url.replace(/#.*$/, '');
  return (
    <div className="pairing">
      <div className="pairing-qrs">
        <figure className="pairing-qr">
          <QrCode
            text={code.pair_url}
            size={180}
            label={`QR code with the station page's address to pair ${code.name}`}
          />
          <figcaption>Pair a phone or tablet: scan with its camera</figcaption>
        </figure>
        <figure className="pairing-qr">
          <QrCode text={code.qr} size={180} label={`QR code to pair ${code.name}`} />
          <figcaption>Station app: scan from the app</figcaption>
        </figure>
      </div>
      <div className="pairing-text">
        <dl className="pairing-dl">
          <dt className="pairing-label">Pairing code</dt>
          <dd className={expired ? 'pairing-code expired' : 'pairing-code'}>{code.code}</dd>
        </dl>
        {expired ? (
          <div className="error-message" role="alert">
            This code has expired without being used.
            <div className="inline-actions">
              <button type="button" onClick={onAgain}>
                Get a new code
              </button>
            </div>
          </div>
        ) : (
          <>
            <p className="countdown">
              Expires in{' '}
              <strong>
                {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')}
              </strong>
            </p>
            <p className="waiting" role="status">
              Waiting for “{code.name}” to pair…
            </p>
          </>
        )}
        {code.loopback_only ? <LoopbackOnly stationPage={stationPage} /> : null}
        <p className="field-hint">
          On the station, open <strong className="station-address">{stationPage}</strong> in its
          browser and type the code, or scan the first QR code with its camera. The code works once,
          {code.role === 'board'
            ? ' for a read-only board.'
            : ` for ${ROLE_LABELS[code.role].toLowerCase()} scans.`}
        </p>
        <ErrorMessage error={state.error} />
      </div>
    </div>
  );
}

/** The server answers this machine only: no tablet can open the address above yet. */
function LoopbackOnly({ stationPage }: { stationPage: string }) {
  return (
    <div className="notice pairing-warning" role="note" aria-label="Only this computer can connect">
      <strong>Only this computer can open {stationPage}.</strong> factoryd listens on a loopback
      address, so tablets and phones cannot reach it. Restart it listening on the network:{' '}
      <code>factoryd serve --host 0.0.0.0</code> (from a source checkout:{' '}
      <code>npm start -- --host 0.0.0.0</code>). Behind a reverse proxy, set{' '}
      <Link to="/factory/settings">Public URL</Link> in Settings instead.
    </div>
  );
}
