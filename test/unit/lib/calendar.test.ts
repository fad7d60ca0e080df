import { describe, expect, it } from 'vitest';
import { dayLabel, monthGrid, monthLabel, moveByKey } from '../../../src/lib/calendar';

describe('monthGrid', () => {
  it('starts weeks on Sunday and pads outside days with null', () => {
    const grid = monthGrid('2025-07-15');
    expect(grid).toHaveLength(5);
    expect(grid[0]).toEqual([
      null,
      null,
      '2025-07-01',
      '2025-07-02',
      '2025-07-03',
      '2025-07-04',
      '2025-07-05',
    ]);
    expect(grid[4]).toEqual([
      '2025-07-27',
      '2025-07-28',
      '2025-07-29',
      '2025-07-30',
      '2025-07-31',
      null,
      null,
    ]);
  });

  it.each([
    ['2026-02-01', 4],
    ['2025-03-01', 6],
    ['2024-02-10', 5],
  ])('%s has %i weeks', (iso, weeks) => expect(monthGrid(iso)).toHaveLength(weeks));
});

describe('labels', () => {
  it('names months and days in full', () => {
    expect(monthLabel('2025-07-15')).toBe('July 2025');
    expect(dayLabel('2025-07-15')).toBe('Tuesday, July 15, 2025');
  });
});

describe('moveByKey', () => {
  it.each([
    ['ArrowLeft', '2025-07-14'],
    ['ArrowRight', '2025-07-16'],
    ['ArrowUp', '2025-07-08'],
    ['ArrowDown', '2025-07-22'],
    ['Home', '2025-07-13'],
    ['End', '2025-07-19'],
    ['PageUp', '2025-06-15'],
    ['PageDown', '2025-08-15'],
    ['Enter', null],
    ['a', null],
  ])('%s from Tue 2025-07-15 -> %j', (key, expected) => expect(moveByKey('2025-07-15', key)).toBe(expected));
});
