/**
 * The Schedule tab's quick actions and its checks, pure so they are tested without a screen.
 *
 * - Presets and copies keep the schedule's rules: every weekday once (0 = Monday), times on the
 *   half hour ('08:00' ... '23:30'), a closed or 24-hour day without times, an open day with a
 *   start before its end.
 * - scheduleProblems() says what the server would refuse, in the server's words
 *   (server/domain/campaigns/campaigns-schedule.ts), so a bad schedule is never queued to fail later.
 */
import type { ScheduleBody, ScheduleDay } from '../../api/contracts/campaigns';

type Days = ScheduleBody['schedule'];

/** Monday to Friday (the schedule's weekday numbers). */
const WEEKDAYS = new Set([0, 1, 2, 3, 4]);
const SLOT = /^([01]\d|2[0-3]):(00|30)$/;

const label = (day: ScheduleDay) => day.day.charAt(0).toUpperCase() + day.day.slice(1);
const open = (day: ScheduleDay, from: string, to: string): ScheduleDay => ({
  ...day,
  is_opened: true,
  is_24_hours: false,
  from,
  to,
});
const closed = (day: ScheduleDay): ScheduleDay => ({
  ...day,
  is_opened: false,
  is_24_hours: false,
  from: null,
  to: null,
});
const allDay = (day: ScheduleDay): ScheduleDay => ({
  ...day,
  is_opened: true,
  is_24_hours: true,
  from: null,
  to: null,
});

export type SchedulePreset = { id: string; label: string; apply: (days: Days) => Days };

export const SCHEDULE_PRESETS: SchedulePreset[] = [
  {
    id: 'weekdays-8-6',
    label: 'Weekdays 8 AM–6 PM',
    apply: (days) => days.map((d) => (WEEKDAYS.has(d.weekday) ? open(d, '08:00', '18:00') : closed(d))),
  },
  {
    id: 'weekdays-9-5',
    label: 'Weekdays 9 AM–5 PM',
    apply: (days) => days.map((d) => (WEEKDAYS.has(d.weekday) ? open(d, '09:00', '17:00') : closed(d))),
  },
  { id: 'every-day', label: 'Every day, all day', apply: (days) => days.map(allDay) },
];

/** Tuesday to Friday take Monday's hours (open or closed, 24 hours, from and to). */
export function copyMondayToWeekdays(days: Days): Days {
  const monday = days.find((d) => d.weekday === 0);
  if (!monday) return days;
  const { is_opened, is_24_hours, from, to } = monday;
  return days.map((d) => (WEEKDAYS.has(d.weekday) ? { ...d, is_opened, is_24_hours, from, to } : d));
}

/** What the server would refuse, one message per day, in weekday order (empty: fine to save). */
export function scheduleProblems(days: Days): string[] {
  const problems: string[] = [];
  if (new Set(days.map((d) => d.weekday)).size !== 7 || days.length !== 7) {
    problems.push('Every weekday must appear once');
  }
  for (const d of [...days].sort((a, b) => a.weekday - b.weekday)) {
    if (!d.is_opened || d.is_24_hours) continue;
    if (!d.from || !d.to || !SLOT.test(d.from) || !SLOT.test(d.to))
      problems.push(`${label(d)}: choose the hours`);
    else if (d.from >= d.to) problems.push(`${label(d)}: the start must be before the end`);
  }
  return problems;
}

/** 'Weekdays 8 AM–6 PM' when the days are exactly what a preset makes, else null. */
export function matchingPreset(days: Days): string | null {
  const key = (list: Days) => JSON.stringify(list.map(({ day: _, ...rest }) => rest));
  return SCHEDULE_PRESETS.find((p) => key(p.apply(days)) === key(days))?.label ?? null;
}
