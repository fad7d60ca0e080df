/**
 * Date ranges for the reports, leads and invoices filters (spec part 1 §3 "Date range", part 3 §9):
 * options day (Past 24 hours), week (Past 7 days), month (Month to date, the default) and custom.
 * Dates are shown MM/DD/YYYY and sent YYYY-MM-DD.
 *
 * - Dates are plain calendar days held as 'YYYY-MM-DD' strings; arithmetic runs on UTC midnights so
 *   no daylight-saving change can shift a day. String order is date order.
 * - "Today" is the day in the customer's time zone (the user settings' time_zone: a spec code such
 *   as 'ct' or an IANA name), not the browser's: a report for Austin reads the same from Berlin.
 * - Presets end today and count the days they cover: Past 24 hours is today, Past 7 days is seven
 *   dates (today and the six before), Month to date starts on the 1st.
 * - A range kept for later (`resumeRange`) is a choice, not dates: a preset kept yesterday means
 *   the same preset today; custom dates stay as picked, cut at today.
 */
import { dayInZone } from './time-zone';

export type RangeOption = 'day' | 'week' | 'month' | 'custom';
export type PresetOption = Exclude<RangeOption, 'custom'>;

export type DateRange = { option: RangeOption; start_date: string; end_date: string };

export const RANGE_OPTIONS: { value: RangeOption; label: string }[] = [
  { value: 'day', label: 'Past 24 hours' },
  { value: 'week', label: 'Past 7 days' },
  { value: 'month', label: 'Month to date' },
  { value: 'custom', label: 'Custom date' },
];

export const DEFAULT_RANGE_OPTION: PresetOption = 'month';

/** How many dates a counted preset covers, today included. */
export const PRESET_DAYS = { day: 1, week: 7 } as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day of `now` in a time zone, as YYYY-MM-DD. */
export function todayIn(zone?: string | null, now: Date = new Date()): string {
  return dayInZone(now, zone);
}

export function isoFromParts(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Parses a YYYY-MM-DD string into [year, month 1-12, day]; null unless it is a real date. */
export function isoParts(iso: string): [number, number, number] | null {
  const match = ISO.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return [year, month, day];
}

export const isIsoDate = (iso: string) => isoParts(iso) !== null;

function utc(iso: string): Date {
  const parts = isoParts(iso);
  if (!parts) throw new RangeError(`Not a date: ${iso}`);
  return new Date(Date.UTC(parts[0], parts[1] - 1, parts[2]));
}

const fromUtc = (date: Date) =>
  isoFromParts(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());

export function addDays(iso: string, days: number): string {
  const date = utc(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** Same day `months` later, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = isoParts(iso) ?? [1970, 1, 1];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return fromUtc(target);
}

export const startOfMonth = (iso: string) => `${iso.slice(0, 8)}01`;

/** 0 = Sunday. */
export const weekday = (iso: string) => utc(iso).getUTCDay();

export function presetRange(option: PresetOption, today: string): DateRange {
  const start_date = option === 'month' ? startOfMonth(today) : addDays(today, 1 - PRESET_DAYS[option]);
  return { option, start_date, end_date: today };
}

/**
 * The range a kept choice means today: a preset is counted again from `today`; custom dates are
 * kept, their end cut at today (a range never ends in the future). Anything that is not a range
 * (stored data is untrusted) is null.
 */
export function resumeRange(kept: unknown, today: string): DateRange | null {
  if (!kept || typeof kept !== 'object') return null;
  const { option, start_date, end_date } = kept as Record<string, unknown>;
  if (option === 'day' || option === 'week' || option === 'month') return presetRange(option, today);
  if (option !== 'custom' || typeof start_date !== 'string' || typeof end_date !== 'string') return null;
  if (!isIsoDate(start_date) || !isIsoDate(end_date) || start_date > end_date || start_date > today)
    return null;
  return { option, start_date, end_date: clampDate(end_date, null, today) };
}

/** Month to date in the customer's time zone: what every filter starts with. */
export function defaultDateRange(zone?: string | null, now: Date = new Date()): DateRange {
  return presetRange(DEFAULT_RANGE_OPTION, todayIn(zone, now));
}

/** YYYY-MM-DD -> MM/DD/YYYY; anything else is returned as is. */
export function toDisplayDate(iso: string): string {
  const parts = isoParts(iso);
  return parts ? `${pad(parts[1])}/${pad(parts[2])}/${pad(parts[0], 4)}` : iso;
}

/** MM/DD/YYYY (one-digit month and day accepted) -> YYYY-MM-DD, or null unless a real date. */
export function parseDisplayDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = isoFromParts(Number(match[3]), Number(match[1]), Number(match[2]));
  return isIsoDate(iso) ? iso : null;
}

export const rangeLabel = (range: Pick<DateRange, 'start_date' | 'end_date'>) =>
  `${toDisplayDate(range.start_date)} - ${toDisplayDate(range.end_date)}`;

export const clampDate = (iso: string, min: string | null, max: string | null) =>
  min && iso < min ? min : max && iso > max ? max : iso;
