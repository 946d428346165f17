import { LoadingLine } from '../consignment/LoadingLine.js';
import { useStationT } from '../station-i18n.js';
import type { PairedStation, StationLoad } from '../station-store.js';
import type { StationPrinter } from './use-station-printer.js';

/** The catalog's word for each role. */
export const ROLE_WORDS = {
  produce: 'role.produce',
  stock: 'role.stock',
  dispatch: 'role.dispatch',
} as const;

const PRINTER_WORDS: Record<string, string> = {
  ready: 'ready',
  printing: 'printing',
  paused: 'paused',
  offline: 'offline',
  error: 'needs attention',
  paper_out: 'paper out',
  ribbon_out: 'ribbon out',
  head_open: 'head open',
  unreachable: 'unreachable',
  not_responding: 'not responding',
  other: 'fault',
};

/** "Printer: paper out", "Printer: ready". */
export function printerLine(printer: StationPrinter): string {
  const reason = printer.state_reasons[0];
  return `Printer: ${PRINTER_WORDS[reason ?? printer.state] ?? printer.state}`;
}

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
  load,
  onChangeBay,
  onCheckScanner,
  printer,
  reprint,
  onReprint,
  operator,
}: {
  operator: { name: string } | null | undefined;
  station: PairedStation;
  load?: StationLoad['consignment'] | undefined;
  bay: string | null | undefined;
  defaultBay: string | null | undefined;
  pending: number;
  online: boolean;
  onChangeBay: () => void;
  onCheckScanner: () => void;
  /** The station's printer (null: none; undefined: not known yet). */
  printer?: StationPrinter | null | undefined;
  /** What became of the last reprint asked for. */
  reprint?: 'idle' | 'sending' | 'queued' | 'failed';
  /** Reprints the last piece's label; absent when there is no piece to reprint. */
  onReprint?: (() => void) | undefined;
}) {
  const { t } = useStationT();
  return (
    <header className={`station-header role-${station.role}`}>
      <div className="station-title">
        <h1>{station.name}</h1>
        <span className="station-role">
          {t(ROLE_WORDS[station.role as keyof typeof ROLE_WORDS])}
        </span>
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
      {station.role === 'dispatch' && <LoadingLine stationId={station.id} load={load} />}
      <p className="station-operator" data-operator={operator?.name ?? ''}>
        {operator ? operator.name : t('header.no_operator')}
      </p>
      <p className={`station-pending${pending > 0 ? ' has-pending' : ''}`} data-pending={pending}>
        {pending === 0 ? t('header.all_sent') : t('header.waiting', { count: pending })}
      </p>
      {/* Only the bad news takes room on the bar; screen readers hear both. */}
      <p className={online ? 'station-connection visually-hidden' : 'station-connection offline'}>
        {online ? t('header.online') : t('header.offline')}
      </p>
      {printer && (
        <div className="station-printer" data-printer-state={printer.state}>
          <span className={`printer-line printer-${printer.state}`} role="status">
            {printerLine(printer)}
          </span>
          {onReprint && (
            <button
              type="button"
              className="header-button"
              disabled={reprint === 'sending'}
              onClick={onReprint}
            >
              {reprint === 'queued'
                ? t('header.reprint_queued')
                : reprint === 'failed'
                  ? t('header.reprint_failed')
                  : t('header.reprint')}
            </button>
          )}
        </div>
      )}
      <button type="button" className="header-button" onClick={onCheckScanner}>
        {t('header.check_scanner')}
      </button>
    </header>
  );
}
