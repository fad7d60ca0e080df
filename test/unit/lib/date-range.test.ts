import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  defaultDateRange,
  isIsoDate,
  parseDisplayDate,
  presetRange,
  RANGE_OPTIONS,
  rangeLabel,
  resumeRange,
  startOfMonth,
  toDisplayDate,
  todayIn,
} from '../../../src/lib/date-range';
import { resolveTimeZone } from '../../../src/lib/time-zone';

describe('RANGE_OPTIONS (spec part 1 §3)', () => {
  it('lists the options with their labels, month to date among them', () => {
    expect(RANGE_OPTIONS).toEqual([
      { value: 'day', label: 'Past 24 hours' },
      { value: 'week', label: 'Past 7 days' },
      { value: 'month', label: 'Month to date' },
      { value: 'custom', label: 'Custom date' },
    ]);
  });
});

describe('presetRange (Past 24 hours is today, Past 7 days seven dates, month from the 1st)', () => {
  it.each([
    ['day', '2025-07-15', '2025-07-15', '2025-07-15'],
    ['week', '2025-07-15', '2025-07-09', '2025-07-15'],
    ['week', '2025-03-03', '2025-02-25', '2025-03-03'],
    ['week', '2024-03-05', '2024-02-28', '2024-03-05'],
    ['week', '2025-01-03', '2024-12-28', '2025-01-03'],
    ['week', '2025-03-12', '2025-03-06', '2025-03-12'],
    ['month', '2025-07-15', '2025-07-01', '2025-07-15'],
    ['month', '2025-07-01', '2025-07-01', '2025-07-01'],
    ['month', '2024-02-29', '2024-02-01', '2024-02-29'],
  ] as const)('%s on %s -> %s..%s', (option, today, start_date, end_date) => {
    expect(presetRange(option, today)).toEqual({ option, start_date, end_date });
  });
});

describe('Past 7 days covers seven dates', () => {
  const dates = (start: string, end: string) => {
    const out = [start];
    while (out[out.length - 1] < end) out.push(addDays(out[out.length - 1], 1));
    return out;
  };

  it.each(['2025-07-15', '2025-03-10', '2025-11-03', '2024-03-01', '2025-01-02'])('ending %s', (today) => {
    const range = presetRange('week', today);
    expect(dates(range.start_date, range.end_date)).toHaveLength(7);
    expect(range.end_date).toBe(today);
  });

  it('ends on the day in the account zone, not the browser or UTC', () => {
    // 03:30 UTC on July 1 is June 30 in Chicago: the seven dates are June 24 to 30.
    const today = todayIn('ct', new Date('2025-07-01T03:30:00Z'));
    expect(presetRange('week', today)).toEqual({
      option: 'week',
      start_date: '2025-06-24',
      end_date: '2025-06-30',
    });
  });

  it('Past 24 hours is the one date of today', () => {
    expect(presetRange('day', '2025-07-15')).toEqual({
      option: 'day',
      start_date: '2025-07-15',
      end_date: '2025-07-15',
    });
  });
});

describe('resumeRange: a kept choice read again on a later day', () => {
  const today = '2025-07-20';

  it('counts a preset again from today', () => {
    expect(resumeRange({ option: 'week', start_date: '2025-07-01', end_date: '2025-07-07' }, today)).toEqual({
      option: 'week',
      start_date: '2025-07-14',
      end_date: today,
    });
    expect(resumeRange({ option: 'month' }, '2025-08-02')).toEqual({
      option: 'month',
      start_date: '2025-08-01',
      end_date: '2025-08-02',
    });
    expect(resumeRange({ option: 'day' }, today)?.start_date).toBe(today);
  });

  it('keeps custom dates as picked, cut at today', () => {
    const custom = { option: 'custom', start_date: '2025-06-03', end_date: '2025-06-17' };
    expect(resumeRange(custom, today)).toEqual(custom);
    expect(resumeRange({ ...custom, end_date: '2025-08-01' }, today)).toEqual({ ...custom, end_date: today });
  });

  it.each([
    null,
    'week',
    42,
    [],
    {},
    { option: 'year' },
    { option: 'custom' },
    { option: 'custom', start_date: '2025-06-31', end_date: '2025-07-01' },
    { option: 'custom', start_date: '06/01/2025', end_date: '2025-07-01' },
    { option: 'custom', start_date: '2025-07-02', end_date: '2025-07-01' },
    { option: 'custom', start_date: '2025-07-21', end_date: '2025-07-22' },
  ])('refuses %j', (kept) => expect(resumeRange(kept, today)).toBeNull());
});

describe('todayIn: the customer time zone decides the day', () => {
  // 2025-07-01 03:30 UTC is still June 30 in the Americas.
  const now = new Date('2025-07-01T03:30:00Z');
  it.each([
    ['ct', '2025-06-30'],
    ['et', '2025-06-30'],
    ['pt', '2025-06-30'],
    ['ht', '2025-06-30'],
    ['at', '2025-06-30'],
    ['UTC', '2025-07-01'],
    ['Europe/Berlin', '2025-07-01'],
    ['America/Chicago', '2025-06-30'],
  ])('%s -> %s', (zone, expected) => expect(todayIn(zone, now)).toBe(expected));

  it('month to date in Chicago is still June there', () => {
    expect(defaultDateRange('ct', now)).toEqual({
      option: 'month',
      start_date: '2025-06-01',
      end_date: '2025-06-30',
    });
    expect(defaultDateRange('UTC', now)).toEqual({
      option: 'month',
      start_date: '2025-07-01',
      end_date: '2025-07-01',
    });
  });

  it('crosses daylight saving without losing a day', () => {
    expect(todayIn('et', new Date('2025-03-09T07:30:00Z'))).toBe('2025-03-09');
    expect(addDays('2025-03-10', -7)).toBe('2025-03-03');
    expect(addDays('2025-11-03', -1)).toBe('2025-11-02');
  });
});

describe('resolveTimeZone', () => {
  it.each([
    ['ct', 'America/Chicago'],
    ['ET', 'America/New_York'],
    ['mt', 'America/Denver'],
    ['pt', 'America/Los_Angeles'],
    ['ht', 'Pacific/Honolulu'],
    ['at', 'America/Puerto_Rico'],
    ['America/Phoenix', 'America/Phoenix'],
    ['Not/AZone', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j -> %j', (zone, expected) => expect(resolveTimeZone(zone)).toBe(expected));
});

describe('display and wire formats (MM/DD/YYYY shown, YYYY-MM-DD sent)', () => {
  it.each([
    ['2025-07-04', '07/04/2025'],
    ['2024-12-31', '12/31/2024'],
    ['not a date', 'not a date'],
  ])('toDisplayDate %j -> %j', (iso, expected) => expect(toDisplayDate(iso)).toBe(expected));

  it.each([
    ['07/04/2025', '2025-07-04'],
    ['7/4/2025', '2025-07-04'],
    [' 12/31/2024 ', '2024-12-31'],
    ['02/29/2024', '2024-02-29'],
    ['02/29/2025', null],
    ['13/01/2025', null],
    ['00/10/2025', null],
    ['2025-07-04', null],
    ['07/04/25', null],
    ['', null],
  ])('parseDisplayDate %j -> %j', (text, expected) => expect(parseDisplayDate(text)).toBe(expected));

  it('labels a range', () => {
    expect(rangeLabel({ start_date: '2025-07-01', end_date: '2025-07-15' })).toBe('07/01/2025 - 07/15/2025');
  });
});

describe('date arithmetic', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-03-31', -1, '2025-02-28'],
    ['2025-12-15', 1, '2026-01-15'],
    ['2025-01-15', -1, '2024-12-15'],
  ])('addMonths %s %i -> %s', (iso, months, expected) => expect(addMonths(iso, months)).toBe(expected));

  it('startOfMonth and isIsoDate', () => {
    expect(startOfMonth('2025-07-15')).toBe('2025-07-01');
    expect(isIsoDate('2025-02-30')).toBe(false);
    expect(isIsoDate('2025-02-28')).toBe(true);
  });
});
