/**
 * The report range (widgets/report-range, issue 51 item 4): the dates chosen on one screen are the
 * dates every other screen mounts with, per user and device; a preset is counted again on a later
 * day, custom dates are kept, unreadable storage is Month to date.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeUserItem } from '../../../src/lib/device-storage';
import {
  readReportRange,
  useReportRange,
  writeReportRange,
} from '../../../src/widgets/report-range/use-report-range';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  // 04:00 UTC on July 16 is still July 15 in Chicago.
  vi.setSystemTime(new Date('2025-07-16T04:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const week = { option: 'week', start_date: '2025-07-09', end_date: '2025-07-15' } as const;
const custom = { option: 'custom', start_date: '2025-06-02', end_date: '2025-06-20' } as const;

describe('readReportRange', () => {
  it('is Month to date in the account zone until a range is kept', () => {
    expect(readReportRange(7, 'ct')).toEqual({
      option: 'month',
      start_date: '2025-07-01',
      end_date: '2025-07-15',
    });
    expect(readReportRange(null, 'UTC')).toEqual({
      option: 'month',
      start_date: '2025-07-01',
      end_date: '2025-07-16',
    });
  });

  it("reads the user's own range, never another user's", () => {
    writeReportRange(7, custom);
    expect(readReportRange(7, 'ct')).toEqual(custom);
    expect(readReportRange(8, 'ct').option).toBe('month');
  });

  it('counts a kept preset again from today', () => {
    writeReportRange(7, { option: 'week', start_date: '2025-06-01', end_date: '2025-06-07' });
    expect(readReportRange(7, 'ct')).toEqual(week);
  });

  it.each(['not json', '"week"', '{"option":"custom","start_date":"x","end_date":"y"}', 'null'])(
    'falls back to Month to date on %j',
    (raw) => {
      writeUserItem(7, 'report-range', raw);
      expect(readReportRange(7, 'ct').option).toBe('month');
    },
  );
});

describe('useReportRange', () => {
  it('carries a choice from one screen to the next one mounted', () => {
    const first = renderHook(() => useReportRange(7, 'ct'));
    expect(first.result.current[0].option).toBe('month');
    act(() => first.result.current[1](week));
    expect(first.result.current[0]).toEqual(week);
    first.unmount();

    const next = renderHook(() => useReportRange(7, 'ct'));
    expect(next.result.current[0]).toEqual(week);
  });

  it('keeps an unshared range to its screen', () => {
    const own = renderHook(() => useReportRange(7, 'ct', false));
    act(() => own.result.current[1](custom));
    expect(own.result.current[0]).toEqual(custom);
    expect(readReportRange(7, 'ct').option).toBe('month');
  });

  it('follows the zone when it arrives, until the user picks', () => {
    vi.setSystemTime(new Date('2025-08-01T03:00:00Z'));
    const { result, rerender } = renderHook(({ zone }) => useReportRange(7, zone), {
      initialProps: { zone: null as string | null },
    });
    rerender({ zone: 'ct' });
    expect(result.current[0]).toEqual({ option: 'month', start_date: '2025-07-01', end_date: '2025-07-31' });
  });

  it("drops one user's choice when another signs in on the screen", () => {
    const { result, rerender } = renderHook(({ user }) => useReportRange(user, 'ct'), {
      initialProps: { user: 7 as number | null },
    });
    act(() => result.current[1](custom));
    rerender({ user: 8 });
    expect(result.current[0].option).toBe('month');
  });
});
