import { useStationT } from '../station-i18n.js';
import type { StationLoad } from '../station-store.js';
import { useExactLoad, type IncompleteUnit } from './use-exact-load.js';

/** How many incomplete units the header names before "+n more": it fits on 800×480. */
const UNITS_SHOWN = 3;

/**
 * What a dispatch bay loads: "Loading CN 000012 · Northwind · 12 of 40 pieces", and the units
 * loaded in part ("Incomplete: PO-7 unit 2 (1/3)"), counted by the server after each verdict.
 */
export function LoadingLine({
  stationId,
  load,
}: {
  stationId: string;
  load: StationLoad['consignment'] | undefined;
}) {
  const { t } = useStationT();
  const incomplete = useExactLoad(stationId);
  if (!load) return null;
  const units = incomplete?.consignment_id === load.id ? incomplete.units : [];
  const parts = [t('consignment.loading', { number: load.number }), load.retailer_name];
  if (load.loaded !== null && load.total !== null) {
    parts.push(t('consignment.pieces', { loaded: load.loaded, count: load.total }));
  }
  if (load.sscc) parts.push(t('consignment.pallet', { sscc: load.sscc }));
  if (!load.open) parts.push(t('consignment.closed'));
  return (
    <div className="station-load">
      <p
        className={`station-consignment${load.open ? '' : ' closed'}`}
        data-consignment={load.number}
        data-loaded={load.loaded ?? undefined}
        data-total={load.total ?? undefined}
      >
        {parts.join(' · ')}
      </p>
      {units.length > 0 && (
        <p className="station-incomplete" data-incomplete={units.length}>
          {t('consignment.incomplete')} {unitList(units, t)}
        </p>
      )}
    </div>
  );
}

function unitList(units: IncompleteUnit[], t: ReturnType<typeof useStationT>['t']): string {
  const named = units.slice(0, UNITS_SHOWN).map((u) =>
    t('consignment.unit', {
      order: u.order_no,
      unit: u.unit_no,
      loaded: u.pieces_loaded,
      total: u.pieces_loaded + u.pieces_to_load,
    }),
  );
  if (units.length > UNITS_SHOWN) {
    named.push(t('consignment.more', { n: units.length - UNITS_SHOWN }));
  }
  return named.join(' · ');
}
