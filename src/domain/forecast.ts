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

const HOUR_MS = 3_600_000;

/**
 * The instant `workHours` hours of work after `now`, counting only the UTC hours of the day in
 * `workingHours` (the hours the floor works; all hours when empty or absent).
 */
export function afterWorkingHours(
  now: Date,
  workHours: number,
  workingHours?: ReadonlySet<number>,
): Date {
  if (!workingHours || workingHours.size === 0 || workingHours.size === 24) {
    return new Date(now.getTime() + workHours * HOUR_MS);
  }
  let t = now.getTime();
  let left = workHours * HOUR_MS;
  // At most a year of steps: a queue that long is no forecast anyone reads.
  for (let step = 0; step < 24 * 366; step++) {
    const hourEnd = (Math.floor(t / HOUR_MS) + 1) * HOUR_MS;
    if (workingHours.has(new Date(t).getUTCHours())) {
      if (hourEnd - t >= left) return new Date(t + left);
      left -= hourEnd - t;
    }
    t = hourEnd;
  }
  return new Date(t);
}

/**
 * Forecasts of every open order: `piecesPerHour` is the recent dispatch rate per working hour
 * (0 or less: no forecast); `workingHours` the UTC hours of the day the floor works (the queue
 * advances only through those). `at_risk` when the forecast falls after the end of the
 * `needed_by` day (UTC).
 */
export function forecastQueue(
  open: readonly ForecastInput[],
  piecesPerHour: number,
  now: Date,
  workingHours?: ReadonlySet<number>,
): Map<string, Forecast> {
  const result = new Map<string, Forecast>();
  if (!(piecesPerHour > 0)) return result;
  let ahead = 0;
  for (const order of [...open].sort(queueOrder)) {
    ahead += Math.max(0, order.remaining);
    const at = afterWorkingHours(now, ahead / piecesPerHour, workingHours);
    const deadline = order.needed_by ? Date.parse(`${order.needed_by}T23:59:59.999Z`) : Infinity;
    result.set(order.id, {
      forecast_dispatch_at: at.toISOString(),
      at_risk: at.getTime() > deadline,
    });
  }
  return result;
}
