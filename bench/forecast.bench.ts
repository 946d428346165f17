// The dispatch forecast's error (DESIGN §16), replaying a recorded factory day: a floor working
// 06:00–22:00 whose dispatch rate moves through the day (a slow start, a lunch dip, a busy
// afternoon, random hour to hour), open orders dispatched roughly in needed_by order. Every hour
// the forecast of each open order is made as factoryd makes it (domain/forecast.ts: the rate of
// the last 8 working hours, counted through the hours of the day the floor worked that week,
// orders in needed_by order) and compared, when the day has been
// replayed, with when the order's last piece really left. Reported: the median absolute error as
// a share of the time that remained (target ≤ 20 %), within the same shift and across the night.
//
// Run: npx tsx bench/forecast.bench.ts   (BENCH_SEED changes the recorded day)
import { forecastQueue, type ForecastInput } from '../src/domain/forecast.js';

const HOUR = 3_600_000;
let seed = Number(process.env.BENCH_SEED ?? 42);
const random = () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const DAY0 = Date.parse('2026-11-23T00:00:00.000Z');
/** Pieces the floor dispatches in an hour of the day (0 outside 06:00–22:00). */
function hourlyRate(hourOfDay: number): number {
  if (hourOfDay < 6 || hourOfDay >= 22) return 0;
  const base =
    hourOfDay < 8 ? 18 : hourOfDay === 12 ? 14 : hourOfDay >= 14 && hourOfDay < 18 ? 34 : 26;
  return Math.max(4, Math.round(base * (0.75 + 0.5 * random())));
}

interface Order extends ForecastInput {
  total: number;
  dispatchedAt: number | null;
}

// Three days of orders: needed over the next days, 2–24 pieces each.
const orders: Order[] = [];
for (let i = 0; i < 260; i++) {
  const pieces = 2 + Math.floor(random() * 23);
  const day = Math.floor(i / 90);
  orders.push({
    id: `ord_${String(i).padStart(4, '0')}`,
    needed_by: new Date(DAY0 + (day + 1 + Math.floor(random() * 2)) * 24 * HOUR)
      .toISOString()
      .slice(0, 10),
    created_at: new Date(DAY0 - HOUR + i * 1000).toISOString(),
    remaining: pieces,
    total: pieces,
    dispatchedAt: null,
  });
}

// Replay: minute by minute, the floor dispatches at its rate, picking the next order in
// needed_by order most of the time (one time in five it takes a later one that is ready).
const dispatches: number[] = []; // instants of each dispatched piece
const snapshots: { at: number; forecasts: Map<string, string | null> }[] = [];
const open = () => orders.filter((o) => o.remaining > 0);
const END = DAY0 + 3 * 24 * HOUR;

/** The UTC hours of the day with any dispatch in the last week (core/forecast: any scan). */
function workingHoursAt(now: number): Set<number> {
  return new Set(
    dispatches
      .filter((t) => t > now - 7 * 24 * HOUR && t <= now)
      .map((t) => new Date(t).getUTCHours()),
  );
}

function rateAt(now: number): number {
  // As core/forecast: dispatches over the last 8 working hours (hours with any dispatch).
  const hours = new Map<number, number>();
  for (const t of dispatches) {
    if (t > now - 7 * 24 * HOUR && t <= now) {
      const h = Math.floor(t / HOUR);
      hours.set(h, (hours.get(h) ?? 0) + 1);
    }
  }
  const last = [...hours.keys()].sort((a, b) => b - a).slice(0, 8);
  if (last.length === 0) return 0;
  return last.reduce((n, h) => n + hours.get(h)!, 0) / last.length;
}

for (let hour = DAY0; hour < END; hour += HOUR) {
  const hourOfDay = new Date(hour).getUTCHours();
  if (hour >= DAY0 + 10 * HOUR) {
    const rate = rateAt(hour);
    const f = forecastQueue(open(), rate, new Date(hour), workingHoursAt(hour));
    snapshots.push({
      at: hour,
      forecasts: new Map([...f].map(([id, x]) => [id, x.forecast_dispatch_at])),
    });
  }
  const pieces = hourlyRate(hourOfDay);
  for (let p = 0; p < pieces; p++) {
    const queue = open().sort((a, b) =>
      a.needed_by! < b.needed_by!
        ? -1
        : a.needed_by! > b.needed_by!
          ? 1
          : a.created_at < b.created_at
            ? -1
            : 1,
    );
    if (queue.length === 0) break;
    const order = random() < 0.2 && queue.length > 1 ? queue[1]! : queue[0]!;
    const at = hour + Math.floor(((p + random()) / pieces) * HOUR);
    order.remaining -= 1;
    dispatches.push(at);
    if (order.remaining === 0) order.dispatchedAt = at;
  }
}

const sameShift: number[] = [];
const overNight: number[] = [];
for (const snap of snapshots) {
  for (const [id, forecast] of snap.forecasts) {
    const order = orders.find((o) => o.id === id)!;
    if (order.dispatchedAt === null || forecast === null) continue;
    const remaining = order.dispatchedAt - snap.at;
    if (remaining <= 0) continue;
    const error = Math.abs(Date.parse(forecast) - order.dispatchedAt) / remaining;
    const crossesNight =
      new Date(order.dispatchedAt).getUTCDate() !== new Date(snap.at).getUTCDate() ||
      new Date(snap.at).getUTCHours() >= 22;
    (crossesNight ? overNight : sameShift).push(error);
  }
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor(s.length / 2)]!;
};
const all = [...sameShift, ...overNight];
console.log(
  `forecast replay: ${orders.length} orders over 3 days, ${snapshots.length} hourly forecasts, ${all.length} forecast/outcome pairs`,
);
console.log(
  `  median absolute error / remaining time: ${(median(all) * 100).toFixed(1)} % (target ≤ 20 %)`,
);
console.log(
  `    dispatched the same day: ${(median(sameShift) * 100).toFixed(1)} % (${sameShift.length} pairs)`,
);
console.log(
  `    across a night: ${(median(overNight) * 100).toFixed(1)} % (${overNight.length} pairs)`,
);
