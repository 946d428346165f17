import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { useStaffT } from '../staff-i18n.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { useNow } from '../common/use-now.js';
import { QrCode } from './QrCode.js';
import {
  STATION_ROLES,
  useRoleWords,
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
  const { t } = useStaffT();
  const create = useCreatePairingCode();
  const [code, setCode] = useState<PairingCode | null>(null);

  async function issue(name: string, role: StationRole) {
    setCode(await create.mutateAsync({ name, role }));
  }

  return (
    <Dialog
      title={code ? t('stations.pair_title', { name: code.name }) : t('stations.pair')}
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
  const { t } = useStaffT();
  const words = useRoleWords();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onSubmit(String(form.get('name')).trim(), String(form.get('role')) as StationRole);
  };
  return (
    <form onSubmit={submit}>
      <TextField
        label={t('stations.station_name')}
        name="name"
        required
        maxLength={60}
        placeholder={t('stations.station_name_example')}
        hint={t('stations.station_name_hint')}
        error={fieldError(error, 'name')}
      />
      <SelectField
        label={t('stations.role_column')}
        name="role"
        defaultValue="produce"
        error={fieldError(error, 'role')}
      >
        {STATION_ROLES.map((role) => (
          <option key={role} value={role}>
            {role === 'board'
              ? t('stations.board_option')
              : t('stations.role_option', { role: words.role(role), scans: words.scans(role) })}
          </option>
        ))}
      </SelectField>
      {!shownAtField(error, ['name', 'role']) && <ErrorMessage error={error} />}
      <div className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          {t('stations.cancel')}
        </button>
        <button type="submit" disabled={busy}>
          {busy ? t('stations.issuing') : t('stations.get_code')}
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
  const { t } = useStaffT();
  const words = useRoleWords();
  const state = usePairingCodeState(code.id);
  const now = useNow(1000);
  const left = Math.max(0, Math.round((Date.parse(code.expires_at) - now) / 1000));
  const status = state.data?.status ?? 'pending';
  const expired = status === 'expired' || (status === 'pending' && left === 0);

  if (status === 'paired' && state.data) {
    return (
      <div className="paired" role="status">
        <p className="paired-title">{t('stations.paired_title', { name: code.name })}</p>
        <p>
          {code.role === 'board'
            ? t('stations.board_ready')
            : t('stations.ready', { role: words.scans(code.role) })}{' '}
          {state.data.station_id && (
            <Link to={`/stations/${state.data.station_id}`} onClick={onClose}>
              {t('stations.see_station')}
            </Link>
          )}
        </p>
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {t('stations.done')}
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
            label={t('stations.qr_page', { name: code.name })}
          />
          <figcaption>{t('stations.qr_page_caption')}</figcaption>
        </figure>
        <figure className="pairing-qr">
          <QrCode text={code.qr} size={180} label={t('stations.qr_app', { name: code.name })} />
          <figcaption>{t('stations.qr_app_caption')}</figcaption>
        </figure>
      </div>
      <div className="pairing-text">
        <dl className="pairing-dl">
          <dt className="pairing-label">{t('stations.code')}</dt>
          <dd className={expired ? 'pairing-code expired' : 'pairing-code'}>{code.code}</dd>
        </dl>
        {expired ? (
          <div className="error-message" role="alert">
            {t('stations.expired')}
            <div className="inline-actions">
              <button type="button" onClick={onAgain}>
                {t('stations.new_code')}
              </button>
            </div>
          </div>
        ) : (
          <>
            <p className="countdown">
              <Trans
                ns="staff"
                i18nKey="stations.expires_in"
                values={{ left: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}` }}
                components={[<strong key="left" />]}
              />
            </p>
            <p className="waiting" role="status">
              {t('stations.waiting', { name: code.name })}
            </p>
          </>
        )}
        {code.loopback_only ? <LoopbackOnly stationPage={stationPage} /> : null}
        <p className="field-hint">
          <Trans
            ns="staff"
            i18nKey={code.role === 'board' ? 'stations.board_how' : 'stations.how'}
            values={{ address: stationPage, role: words.scans(code.role) }}
            components={[<strong key="address" className="station-address" />]}
          />
        </p>
        <ErrorMessage error={state.error} />
      </div>
    </div>
  );
}

/** The server answers this machine only: no tablet can open the address above yet. */
function LoopbackOnly({ stationPage }: { stationPage: string }) {
  const { t } = useStaffT();
  return (
    <div className="notice pairing-warning" role="note" aria-label={t('stations.loopback_label')}>
      <Trans
        ns="staff"
        i18nKey="stations.loopback"
        values={{ address: stationPage }}
        components={[
          <strong key="s" />,
          <code key="c1" />,
          <code key="c2" />,
          <Link key="l" to="/factory/settings" />,
        ]}
      />
    </div>
  );
}
