/**
 * The Schedule tab's quick actions keep the schedule's rules (seven weekdays, half-hour times,
 * closed and 24-hour days without times), and its check says what the server would refuse in the
 * server's words.
 */

import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import type { ScheduleDay } from '../../../../src/api/contracts/campaigns';
import { ScheduleBody } from '../../../../src/api/contracts/campaigns';
import {
  copyMondayToWeekdays,
  matchingPreset,
  SCHEDULE_PRESETS,
  scheduleProblems,
} from '../../../../src/features/campaigns/schedule-rules';

const NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const closedWeek = (): ScheduleDay[] =>
  NAMES.map((day, weekday) => ({ weekday, day, is_opened: false, is_24_hours: false, from: null, to: null }));
const preset = (label: string) => SCHEDULE_PRESETS.find((p) => p.label === label)!;
const valid = (days: ScheduleDay[]) => is({ enable_call_schedule: true, schedule: days }, ScheduleBody);

describe('schedule presets', () => {
  it('Weekdays 8 AM–6 PM opens Monday to Friday 08:00-18:00 and closes the weekend', () => {
    const days = preset('Weekdays 8 AM–6 PM').apply(closedWeek());
    expect(
      days.slice(0, 5).every((d) => d.is_opened && !d.is_24_hours && d.from === '08:00' && d.to === '18:00'),
    ).toBe(true);
    expect(days.slice(5)).toEqual(closedWeek().slice(5));
    expect(days.map((d) => d.day)).toEqual(NAMES);
    expect(valid(days)).toBe(true);
    expect(scheduleProblems(days)).toEqual([]);
    expect(matchingPreset(days)).toBe('Weekdays 8 AM–6 PM');
  });

  it('Every day, all day opens all seven days for 24 hours, with no times', () => {
    const days = preset('Every day, all day').apply(closedWeek());
    expect(days.every((d) => d.is_opened && d.is_24_hours && d.from === null && d.to === null)).toBe(true);
    expect(valid(days)).toBe(true);
    expect(matchingPreset(days)).toBe('Every day, all day');
    expect(matchingPreset(closedWeek())).toBeNull();
  });

  it('Copy Monday to weekdays gives Tuesday to Friday exactly Monday’s hours, the weekend untouched', () => {
    const week = closedWeek();
    week[0] = { ...week[0], is_opened: true, from: '07:30', to: '16:30' };
    week[5] = { ...week[5], is_opened: true, is_24_hours: true };
    const days = copyMondayToWeekdays(week);
    for (const d of days.slice(1, 5)) {
      expect(d).toMatchObject({ is_opened: true, is_24_hours: false, from: '07:30', to: '16:30' });
    }
    expect(days[5]).toEqual(week[5]);
    expect(days[6]).toEqual(week[6]);
    expect(days[3].day).toBe('thursday');
    // A closed Monday closes the weekdays.
    expect(
      copyMondayToWeekdays(
        days.map((d) => (d.weekday === 0 ? { ...d, is_opened: false, from: null, to: null } : d)),
      )
        .slice(0, 5)
        .every((d) => !d.is_opened),
    ).toBe(true);
  });
});

describe('schedule check before saving', () => {
  it("names each day the server would refuse, in the server's words, Monday first", () => {
    const week = closedWeek();
    week[2] = { ...week[2], is_opened: true, from: '18:00', to: '09:00' };
    week[0] = { ...week[0], is_opened: true, from: '10:00', to: '10:00' };
    week[4] = { ...week[4], is_opened: true, from: null, to: '12:00' };
    expect(scheduleProblems(week)).toEqual([
      'Monday: the start must be before the end',
      'Wednesday: the start must be before the end',
      'Friday: choose the hours',
    ]);
  });

  it('ignores the times of closed and 24-hour days, and refuses a week without every day', () => {
    const week = closedWeek();
    week[1] = { ...week[1], is_opened: true, is_24_hours: true, from: '18:00', to: '09:00' };
    expect(scheduleProblems(week)).toEqual([]);
    expect(scheduleProblems(week.slice(1))).toEqual(['Every weekday must appear once']);
  });
});
