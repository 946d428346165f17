import { useStationT } from '../station-i18n.js';
import type { PairedStation } from '../station-store.js';

/** The catalog's word for each role. */
export const ROLE_WORDS = {
  produce: 'role.produce',
  stock: 'role.stock',
  dispatch: 'role.dispatch',
} as const;

/**
 * The station's name and role on a bar whose colour is the role's (the word is there too), the
 * bay of a stock station, and what waits on the device.
 */
export function StationHeader({
  station,
  bay,
  defaultBay,
  pending,
  online,
  onChangeBay,
  onCheckScanner,
}: {
  station: PairedStation;
  bay: string | null | undefined;
  defaultBay: string | null | undefined;
  pending: number;
  online: boolean;
  onChangeBay: () => void;
  onCheckScanner: () => void;
}) {
  const { t } = useStationT();
  return (
    <header className={`station-header role-${station.role}`}>
      <div className="station-title">
        <h1>{station.name}</h1>
        <span className="station-role">{t(ROLE_WORDS[station.role])}</span>
      </div>
      {station.role === 'stock' && (
        <div className="station-bay">
          <span>
            {t('header.bay', {
              bay:
                bay === undefined
                  ? t('header.bay_not_set')
                  : (bay ??
                    (defaultBay
                      ? t('header.bay_default_named', { bay: defaultBay })
                      : t('header.bay_default'))),
            })}
          </span>
          <button type="button" className="header-button" onClick={onChangeBay}>
            {t('header.change_bay')}
          </button>
        </div>
      )}
      <p className={`station-pending${pending > 0 ? ' has-pending' : ''}`} data-pending={pending}>
        {pending === 0 ? t('header.all_sent') : t('header.waiting', { count: pending })}
      </p>
      {/* Only the bad news takes room on the bar; screen readers hear both. */}
      <p className={online ? 'station-connection visually-hidden' : 'station-connection offline'}>
        {online ? t('header.online') : t('header.offline')}
      </p>
      <button type="button" className="header-button" onClick={onCheckScanner}>
        {t('header.check_scanner')}
      </button>
    </header>
  );
}
