/**
 * How lead values read on screen: money in US dollars, times in the account's time zone and saying
 * which ('11/20/2026, 2:05 PM CST'), call durations as m:ss. Pure, cached formatters.
 */
import { DATE_TIME_ZONE, dayInZone, zonedFormat } from '../../lib/time-zone';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const counts = new Intl.NumberFormat('en-US');

export const formatMoney = (value: number | string | null | undefined) => {
  const number = typeof value === 'string' ? Number(value) : value;
  return number === null || number === undefined || Number.isNaN(number) ? '' : money.format(number);
};

export const formatCount = (value: number) => counts.format(value);

export function formatTime(iso: string | null | undefined, zone?: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : zonedFormat(DATE_TIME_ZONE, zone).format(at);
}

/** '11/20/2026': the day only, for narrow screens. */
export function formatDay(iso: string | null | undefined, zone?: string | null): string {
  const day = iso ? dayInZone(iso, zone) : '';
  return day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '';
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

/** '2:05 PM CST': the time of day in the customer's zone (the second line of a phone's row). */
export function formatTimeOfDay(iso: string | null | undefined, zone?: string | null): string {
  const at = iso ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime()) ? zonedFormat(CLOCK, zone).format(at) : '';
}

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '';
  return `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
}

export const formatChange = (percent: number) => `${percent > 0 ? '+' : ''}${percent.toFixed(2)}%`;
