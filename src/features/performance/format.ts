/**
 * How report figures read (spec part 3 §4, §9): US dollars (executive cost and revenue without
 * decimals), percentages with 2 decimals, counts with separators, and whether a change is good
 * news: zero is neutral, for cost measures a rise is bad and a fall good, otherwise the reverse.
 */
import { zonedFormat } from '../../lib/time-zone';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const wholeMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export type Kind = 'count' | 'money' | 'money0' | 'percent';

export function formatValue(value: number | string | null | undefined, kind: Kind = 'count'): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = typeof value === 'string' ? Number(value) : value;
  if (Number.isNaN(n)) return String(value);
  switch (kind) {
    case 'money':
      return money.format(n);
    case 'money0':
      return wholeMoney.format(n);
    case 'percent':
      return `${n.toFixed(2)}%`;
    default:
      return counts.format(n);
  }
}

export const formatChange = (change: number) => `${change > 0 ? '+' : ''}${change.toFixed(2)}%`;

export type Tone = 'neutral' | 'good' | 'bad';

export function changeTone(change: number, cost: boolean): Tone {
  if (change === 0) return 'neutral';
  return change > 0 !== cost ? 'good' : 'bad';
}

/** Cost measures, by their key or cell name (a rise in these is bad news). */
export const isCost = (key: string) =>
  /cost|cpl|cpc|cpm|spend|per_lead|per_ql|per_appt|per_sale|cost_lead/.test(key) && !key.startsWith('rev_');

/** The display kind of a table cell, by its name. */
export function cellKind(name: string): Kind {
  if (name === 'ctr' || name.includes('rate') || name.includes('lead_to_sale')) return 'percent';
  if (/cost|cpl|cpc|cpm|spend|revenue|rev_/.test(name)) return 'money';
  return 'count';
}

const DAY_LABEL: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const MONTH_LABEL: Intl.DateTimeFormatOptions = { month: 'short', year: 'numeric' };

/**
 * 'Oct 1' for a day, 'Oct 2026' for a month bucket. A year's graph labels 365 days: the formatter
 * is built once (lib/time-zone.ts), never per label (toLocaleDateString with options builds one
 * each call, which took seconds of a phone's CPU on the Paid Search screen).
 */
export function bucketLabel(date: string, interval: 'day' | 'month') {
  const [y, m, d] = date.split('-').map(Number);
  return zonedFormat(interval === 'day' ? DAY_LABEL : MONTH_LABEL, 'UTC').format(Date.UTC(y, m - 1, d));
}
