import { forecastQueue } from '../../domain/forecast.js';
import {
  closedAtRiskOrders,
  openOrders,
  setAtRiskSince,
} from '../../store/reports/forecast.repository.js';
import type { CoreContext } from '../context.js';
import { listFactoryIds } from '../factory/setup.js';
import { floorPace } from '../forecast/forecast.js';
import { transact } from '../transaction.js';

export interface AtRiskResult {
  /** Orders whose forecast passed their needed_by day: one `order.at_risk` each. */
  became_at_risk: number;
  /** Orders no longer at risk (or closed). */
  cleared: number;
}

/**
 * `order.at_risk` once per episode (DESIGN §16): for each factory, the open orders' forecasts
 * now; an order at risk that was not gets `at_risk_since` and one event; one no longer at risk,
 * or closed, is cleared, so a later risk is a new episode. One transaction per factory.
 */
export async function recomputeAtRisk(ctx: CoreContext): Promise<AtRiskResult> {
  const total: AtRiskResult = { became_at_risk: 0, cleared: 0 };
  for (const factoryId of await listFactoryIds(ctx)) {
    const { rate, workingHours } = await floorPace(ctx, factoryId);
    const pass = await transact(ctx, async (tx) => {
      const open = await openOrders(tx.trx, factoryId);
      const forecasts = forecastQueue(open, rate, tx.now, workingHours);
      const became = open.filter((o) => forecasts.get(o.id)?.at_risk && o.at_risk_since === null);
      const ended = [
        ...open.filter((o) => o.at_risk_since !== null && !forecasts.get(o.id)?.at_risk),
        ...(await closedAtRiskOrders(tx.trx, factoryId)).map((id) => ({ id })),
      ];
      await setAtRiskSince(
        tx.trx,
        factoryId,
        became.map((o) => o.id),
        tx.nowIso,
      );
      await setAtRiskSince(
        tx.trx,
        factoryId,
        ended.map((o) => o.id),
        null,
      );
      for (const order of became) {
        tx.emit(factoryId, 'order.at_risk', {
          order_id: order.id,
          order_no: order.order_no,
          retailer_id: order.retailer_id,
          needed_by: order.needed_by,
          forecast_dispatch_at: forecasts.get(order.id)!.forecast_dispatch_at,
          at_risk_since: tx.nowIso,
        });
      }
      return { became_at_risk: became.length, cleared: ended.length };
    });
    total.became_at_risk += pass.became_at_risk;
    total.cleared += pass.cleared;
  }
  return total;
}
