import type { PairedStation } from '../station-store.js';

export const ROLE_WORDS = { produce: 'Produce', stock: 'Stock', dispatch: 'Dispatch' } as const;

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
  operator,
}: {
  operator: { name: string } | null | undefined;
  station: PairedStation;
  bay: string | null | undefined;
  defaultBay: string | null | undefined;
  pending: number;
  online: boolean;
  onChangeBay: () => void;
  onCheckScanner: () => void;
}) {
  return (
    <header className={`station-header role-${station.role}`}>
      <div className="station-title">
        <h1>{station.name}</h1>
        <span className="station-role">{ROLE_WORDS[station.role]}</span>
      </div>
      {station.role === 'stock' && (
        <div className="station-bay">
          <span>
            Bay:{' '}
            {bay === undefined
              ? 'not set'
              : (bay ?? `station default${defaultBay ? ` (${defaultBay})` : ''}`)}
          </span>
          <button type="button" className="header-button" onClick={onChangeBay}>
            Change bay
          </button>
        </div>
      )}
      <p className="station-operator" data-operator={operator?.name ?? ''}>
        {operator ? operator.name : 'No operator'}
      </p>
      <p className={`station-pending${pending > 0 ? ' has-pending' : ''}`} data-pending={pending}>
        {pending === 0 ? 'All scans sent' : `${pending} waiting to send`}
      </p>
      {/* Only the bad news takes room on the bar; screen readers hear both. */}
      <p className={online ? 'station-connection visually-hidden' : 'station-connection offline'}>
        {online ? 'Online' : 'Offline'}
      </p>
      <button type="button" className="header-button" onClick={onCheckScanner}>
        Check scanner
      </button>
    </header>
  );
}
