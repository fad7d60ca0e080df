/**
 * The report range: the dates a user last chose on a performance screen or on Leads, carried to
 * every other one of them (issue 51), per user and device.
 *
 * - Kept as the user's own key `report-range` (lib/device-storage.ts: cleared at sign-out, never
 *   read for another user). What is kept is the choice: a preset ("Past 7 days") is counted again
 *   from today in the account's zone each time it is read; custom dates stay as picked
 *   (lib/date-range.ts `resumeRange`).
 * - Nothing kept (or something unreadable) means Month to date, the spec's default.
 * - Read once per mount and user: each screen mounts with the range the last one left, so the
 *   first request a screen makes already has it (leads-start.ts reads it the same way).
 * - Without a user (`userId` null) the choice lives in the screen alone.
 */
import { useCallback, useMemo, useState } from 'react';
import { type DateRange, defaultDateRange, resumeRange, todayIn } from '../../lib/date-range';
import { readUserItem, writeUserItem } from '../../lib/device-storage';

const NAME = 'report-range';

/** The user's kept range as it stands today in `zone`; Month to date when none is kept. */
export function readReportRange(userId: number | null, zone: string | null, now = new Date()): DateRange {
  const today = todayIn(zone, now);
  if (userId === null) return defaultDateRange(zone, now);
  let kept: unknown = null;
  try {
    kept = JSON.parse(readUserItem(userId, NAME) ?? 'null');
  } catch {
    kept = null;
  }
  return resumeRange(kept, today) ?? defaultDateRange(zone, now);
}

export function writeReportRange(userId: number | null, range: DateRange): void {
  if (userId === null) return;
  const { option, start_date, end_date } = range;
  writeUserItem(userId, NAME, JSON.stringify({ option, start_date, end_date }));
}

/**
 * The range a screen shows and its setter. `share` false keeps the choice to the screen (a list
 * with a range of its own, such as campaigns); it then starts at Month to date.
 */
export function useReportRange(
  userId: number | null,
  zone: string | null,
  share = true,
): [DateRange, (range: DateRange) => void] {
  const owner = share ? userId : null;
  // The choice made on this screen, for the user it was made by (a change of user drops it).
  const [picked, setPicked] = useState<{ owner: number | null; range: DateRange } | null>(null);
  const choice = picked && picked.owner === owner ? picked.range : null;
  // The dates just chosen stand as they are (an offered last-loaded range among them); only a
  // kept choice is counted again.
  const range = useMemo(() => choice ?? readReportRange(owner, zone), [choice, owner, zone]);
  const choose = useCallback(
    (next: DateRange) => {
      setPicked({ owner, range: next });
      writeReportRange(owner, next);
    },
    [owner],
  );
  return [range, choose];
}
