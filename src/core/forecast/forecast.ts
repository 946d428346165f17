import { DAY, HOUR } from '../../domain/clock.js';
import { forecastQueue, NO_FORECAST, type Forecast } from '../../domain/forecast.js';
import {
  openOrders,
  recentWorkingHours,
  workingHoursOfDay,
} from '../../store/reports/forecast.repository.js';
import type { CoreContext } from '../context.js';

export type { Forecast } from '../../domain/forecast.js';

/** The working hours the rate is measured over (DESIGN §16). */
export const RATE_HOURS = 8;
/** How far back a working hour may be: a floor quiet for a week has no recent throughput. */
const RATE_LOOKBACK = 7 * DAY;
/** The rate is read again after this long (it moves slowly; reading it costs a range scan). */
const RATE_TTL = 60_000;

/** The floor's pace: pieces dispatched per working hour, and the UTC hours of the day it works. */
export interface FloorPace {
  rate: number;
  workingHours: ReadonlySet<number>;
}

const rates = new WeakMap<object, Map<string, { at: number; pace: FloorPace }>>();

/**
 * The floor's recent pace: accepted dispatch scans per working hour over the last 8 working
 * hours (UTC hours in the last week in which any scan was accepted; rate 0 when none), and the
 * hours of the day it worked in that week (the forecast counts only those).
 */
export async function floorPace(ctx: CoreContext, factoryId: string): Promise<FloorPace> {
  const now = ctx.clock.now();
  const cache = rates.get(ctx.db) ?? new Map<string, { at: number; pace: FloorPace }>();
  rates.set(ctx.db, cache);
  const kept = cache.get(factoryId);
  if (kept && now.getTime() - kept.at >= 0 && now.getTime() - kept.at < RATE_TTL) return kept.pace;
  const range = {
    factoryId,
    since: new Date(now.getTime() - RATE_LOOKBACK).toISOString(),
    until: new Date(now.getTime() + HOUR).toISOString(),
  };
  const hours = await recentWorkingHours(ctx.db, { ...range, hours: RATE_HOURS });
  const dispatched = hours.reduce((n, h) => n + h.dispatched, 0);
  const rate = hours.length === 0 ? 0 : dispatched / hours.length;
  const workingHours = new Set(rate > 0 ? await workingHoursOfDay(ctx.db, range) : []);
  const pace = { rate, workingHours };
  cache.set(factoryId, { at: now.getTime(), pace });
  return pace;
}

/** Forecasts of every open order of the factory, by order id (none without recent throughput). */
export async function forecastOpenOrders(
  ctx: CoreContext,
  factoryId: string,
): Promise<Map<string, Forecast>> {
  const { rate, workingHours } = await floorPace(ctx, factoryId);
  if (rate <= 0) return new Map();
  return forecastQueue(await openOrders(ctx.db, factoryId), rate, ctx.clock.now(), workingHours);
}

/**
 * These orders with `forecast_dispatch_at` and `at_risk`, computed now: null and false for a
 * dispatched or cancelled order, or when the floor has no recent throughput.
 */
export async function withForecasts<T extends { id: string }>(
  ctx: CoreContext,
  factoryId: string,
  orders: readonly T[],
): Promise<(T & Forecast)[]> {
  if (orders.length === 0) return [];
  const forecasts = await forecastOpenOrders(ctx, factoryId);
  return orders.map((o) => ({ ...o, ...(forecasts.get(o.id) ?? NO_FORECAST) }));
}

/** `withForecasts` for one order (the order page). */
export async function forecastOf(
  ctx: CoreContext,
  factoryId: string,
  orderId: string,
): Promise<Forecast> {
  return (await forecastOpenOrders(ctx, factoryId)).get(orderId) ?? NO_FORECAST;
}
