/**
 * Month grids and labels for the range calendar. Pure: days are 'YYYY-MM-DD' strings (see
 * date-range.ts); weeks start on Sunday as US calendars do.
 */
import { addDays, addMonths, isoFromParts, isoParts, weekday } from './date-range';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const WEEKDAYS = [
  { short: 'Su', long: 'Sunday' },
  { short: 'Mo', long: 'Monday' },
  { short: 'Tu', long: 'Tuesday' },
  { short: 'We', long: 'Wednesday' },
  { short: 'Th', long: 'Thursday' },
  { short: 'Fr', long: 'Friday' },
  { short: 'Sa', long: 'Saturday' },
];

/** 'July 2025' for any day of that month. */
export function monthLabel(iso: string): string {
  const [year, month] = isoParts(iso) ?? [1970, 1];
  return `${MONTHS[month - 1]} ${year}`;
}

/** 'Tuesday, July 15, 2025': a day button's accessible name. */
export function dayLabel(iso: string): string {
  const [year, month, day] = isoParts(iso) ?? [1970, 1, 1];
  return `${WEEKDAYS[weekday(iso)].long}, ${MONTHS[month - 1]} ${day}, ${year}`;
}

/** The weeks of the month holding `iso`; days outside that month are null. */
export function monthGrid(iso: string): (string | null)[][] {
  const [year, month] = isoParts(iso) ?? [1970, 1];
  const first = isoFromParts(year, month, 1);
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array(weekday(first)).fill(null);
  for (let day = first; day.slice(0, 7) === first.slice(0, 7); day = addDays(day, 1)) {
    week.push(day);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length) weeks.push([...week, ...Array(7 - week.length).fill(null)]);
  return weeks;
}

/** Where a key moves the focused day in a date grid, or null for keys the grid does not use. */
export function moveByKey(iso: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(iso, -1);
    case 'ArrowRight':
      return addDays(iso, 1);
    case 'ArrowUp':
      return addDays(iso, -7);
    case 'ArrowDown':
      return addDays(iso, 7);
    case 'Home':
      return addDays(iso, -weekday(iso));
    case 'End':
      return addDays(iso, 6 - weekday(iso));
    case 'PageUp':
      return addMonths(iso, -1);
    case 'PageDown':
      return addMonths(iso, 1);
    default:
      return null;
  }
}
