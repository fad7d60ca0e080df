/**
 * When a timed pause ends, as the row and the drawer say it: in the account's time zone and
 * labelled with it, the way "as of" stamps are ('9:00 PM CST' later today, 'Sat 9:00 AM CST' within
 * the coming week, 'Sat, Dec 5, 9:00 AM CST' beyond, so a 7-day pause never reads as today).
 * Pure: the instant comes from the stored row, so it reads the same offline.
 */
import { dayInZone, zonedFormat } from '../../lib/time-zone';

const WEEK_MS = 6 * 86_400_000;
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const WEEKDAY: Intl.DateTimeFormatOptions = { ...TIME, weekday: 'short' };
const DATE: Intl.DateTimeFormatOptions = { ...TIME, weekday: 'short', month: 'short', day: 'numeric' };

/** 'Sat 9:00 AM CST' for the instant `iso`, seen from `now`; '' for a value that is not a time. */
export function formatPauseEnd(iso: string, zone?: string | null, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  if (dayInZone(at, zone) === dayInZone(now, zone)) return zonedFormat(TIME, zone).format(at);
  return at - now < WEEK_MS
    ? zonedFormat(WEEKDAY, zone)
        .format(at)
        .replace(/^(\w{3}), /, '$1 ')
    : zonedFormat(DATE, zone).format(at);
}

/** What the status says of a timed pause: until when, or that it has ended (the server resumes it). */
export function pauseNote(
  pausedUntil: string | null | undefined,
  zone?: string | null,
  now = Date.now(),
): { ended: boolean; text: string } | null {
  if (!pausedUntil) return null;
  const when = formatPauseEnd(pausedUntil, zone, now);
  if (!when) return null;
  const ended = Date.parse(pausedUntil) <= now;
  return { ended, text: ended ? `Pause ended ${when}` : `Paused until ${when}` };
}
