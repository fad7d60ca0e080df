/**
 * How lead values read on screen: money in US dollars, times in the customer's time zone
 * ('11/20/2026, 2:05 PM'), call durations as m:ss. Pure, cached formatters.
 */
import { resolveTimeZone } from '../../lib/time-zone';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const counts = new Intl.NumberFormat('en-US');
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export const formatMoney = (value: number | string | null | undefined) => {
  const number = typeof value === 'string' ? Number(value) : value;
  return number === null || number === undefined || Number.isNaN(number) ? '' : money.format(number);
};

export const formatCount = (value: number) => counts.format(value);

function timeFormat(zone?: string | null) {
  const key = zone ?? '';
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: resolveTimeZone(zone),
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    timeFormats.set(key, format);
  }
  return format;
}

export function formatTime(iso: string | null | undefined, zone?: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : timeFormat(zone).format(at);
}

/** '11/20/2026': the day only, for narrow screens. */
export function formatDay(iso: string | null | undefined, zone?: string | null): string {
  const day = iso ? dayOf(iso, zone) : '';
  return day ? `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}` : '';
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** '2:05 PM': the time of day in the customer's zone (the second line of a phone's row). */
export function formatTimeOfDay(iso: string | null | undefined, zone?: string | null): string {
  const key = zone ?? '';
  let format = clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: resolveTimeZone(zone),
      hour: 'numeric',
      minute: '2-digit',
    });
    clockFormats.set(key, format);
  }
  const at = iso ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime()) ? format.format(at) : '';
}

/** The customer's calendar day of an instant, YYYY-MM-DD (for offline date filtering). */
export function dayOf(iso: string, zone?: string | null): string {
  const key = zone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: resolveTimeZone(zone),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(key, format);
  }
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : format.format(at);
}

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '';
  return `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;
}

export const formatChange = (percent: number) => `${percent > 0 ? '+' : ''}${percent.toFixed(2)}%`;
