/**
 * Dates and random shapes for the business seed. Everything is derived from the seed's `today`
 * (a UTC midnight) and the seeded Rng: no clock, no Math.random.
 */
import type { Rng } from '../rng';

export const DAY_MS = 24 * 3600_000;

/** 'YYYY-MM-DD' of a UTC date. */
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

export function addMonths(d: Date, months: number): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate()));
}

export const monthStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));

/** Every day from 18 months before today up to and including today. */
export function seedDays(today: Date): Date[] {
  const start = addMonths(today, -18);
  const days: Date[] = [];
  for (let t = start.getTime(); t <= today.getTime(); t += DAY_MS) days.push(new Date(t));
  return days;
}

/** Monday-first weekday index (0 = Monday ... 6 = Sunday). */
export const weekdayIndex = (d: Date) => (d.getUTCDay() + 6) % 7;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Fewer leads on weekends. */
const WEEKDAY_FACTOR = [1.15, 1.1, 1.05, 1.0, 0.95, 0.7, 0.5];

/**
 * Seasonal demand by category: two peaks a year (month numbers 1-12), e.g. cooling and heating
 * for HVAC, spring storms and fall for roofing.
 */
const PEAKS: Record<string, [number, number]> = {
  hvac: [7, 1],
  roofing: [5, 9],
  gutters: [10, 4],
  plumbing: [1, 7],
  water_damage: [2, 4],
  mold_remediation: [8, 3],
  electrical: [7, 12],
  fire: [12, 7],
  air_duct_cleaning: [4, 10],
  insulation: [11, 6],
  water_heater: [1, 11],
  sewer_drain: [3, 11],
};

export function demandFactor(day: Date, category: string, days: number, index: number): number {
  const month = day.getUTCMonth() + 1 + (day.getUTCDate() - 1) / 31;
  const [a, b] = PEAKS[category] ?? [6, 12];
  const bump = (peak: number) => {
    const distance = Math.min(Math.abs(month - peak), 12 - Math.abs(month - peak));
    return Math.exp(-(distance * distance) / 3);
  };
  const seasonal = 0.75 + 0.35 * bump(a) + 0.2 * bump(b);
  // Gentle growth over the 18 months: the provider's customers do better over time.
  const trend = 0.85 + 0.3 * (index / Math.max(1, days - 1));
  return seasonal * trend * WEEKDAY_FACTOR[weekdayIndex(day)];
}

/** Poisson sample (Knuth for small means, normal approximation above 30). */
export function poisson(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(rng)));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rng.next();
  while (p > limit) {
    k++;
    p *= rng.next();
  }
  return k;
}

export function gaussian(rng: Rng): number {
  const u = Math.max(rng.next(), 1e-12);
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A value around `mean` with relative spread `spread` (never negative). */
export const jitter = (rng: Rng, mean: number, spread: number) =>
  Math.max(0, mean * (1 + spread * (rng.next() * 2 - 1)));

/** Pick by weights ([item, weight] pairs). */
export function weighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rng.next() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1][0];
}

/** Quarter key ('2025-Q3') and its first day. */
export function quarterOf(d: Date): { key: string; label: string; start: Date; end: Date } {
  const q = Math.floor(d.getUTCMonth() / 3);
  const start = new Date(Date.UTC(d.getUTCFullYear(), q * 3, 1));
  const end = addDays(new Date(Date.UTC(d.getUTCFullYear(), q * 3 + 3, 1)), -1);
  return { key: `${d.getUTCFullYear()}-Q${q + 1}`, label: `Q${q + 1} ${d.getUTCFullYear()}`, start, end };
}

/** The map's value for `key`, created with `make` on first use. */
export function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
