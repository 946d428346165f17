/**
 * The dispatch forecast (DESIGN §16), pure: open orders are taken in `needed_by` order (orders
 * without one last, then oldest first), and each is dispatched when the pieces of every order
 * before it and its own have left at the floor's recent rate.
 */
export interface ForecastInput {
  id: string;
  needed_by: string | null;
  created_at: string;
  remaining: number;
}

export interface Forecast {
  forecast_dispatch_at: string | null;
  at_risk: boolean;
}

export const NO_FORECAST: Forecast = { forecast_dispatch_at: null, at_risk: false };

/** The queue's order: needed_by (none last), then created_at, then id. */
export function queueOrder(a: ForecastInput, b: ForecastInput): number {
  const na = a.needed_by ?? '9999-12-31';
  const nb = b.needed_by ?? '9999-12-31';
  if (na !== nb) return na < nb ? -1 : 1;
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Forecasts of every open order: `piecesPerHour` is the recent dispatch rate (0 or less: no
 * forecast). `at_risk` when the forecast falls after the end of the `needed_by` day (UTC).
 */
export function forecastQueue(
  open: readonly ForecastInput[],
  piecesPerHour: number,
  now: Date,
): Map<string, Forecast> {
  const result = new Map<string, Forecast>();
  if (!(piecesPerHour > 0)) return result;
  let ahead = 0;
  for (const order of [...open].sort(queueOrder)) {
    ahead += Math.max(0, order.remaining);
    const at = new Date(now.getTime() + (ahead / piecesPerHour) * 3_600_000);
    const deadline = order.needed_by ? Date.parse(`${order.needed_by}T23:59:59.999Z`) : Infinity;
    result.set(order.id, {
      forecast_dispatch_at: at.toISOString(),
      at_risk: at.getTime() > deadline,
    });
  }
  return result;
}
