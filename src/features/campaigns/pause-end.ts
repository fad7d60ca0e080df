/**
 * When a timed pause ends, as the row and the drawer say it: in the account's time zone and
 * labelled with it, the way "as of" stamps are ('9:00 PM CST' later today, 'Sat 9:00 AM CST' within
 * the coming week, 'Sat, Dec 5, 9:00 AM CST' beyond, so a 7-day pause never reads as today).
 * Pure: the instant comes from the stored row, so it reads the same offline.
 */
import { resolveTimeZone } from '../../lib/time-zone';

const WEEK_MS = 6 * 86_400_000;
type Formats = Record<'time' | 'weekday' | 'date' | 'day', Intl.DateTimeFormat>;
const cache = new Map<string, Formats>();

function formatsFor(zone?: string | null): Formats {
  const key = zone ?? '';
  let found = cache.get(key);
  if (!found) {
    const timeZone = resolveTimeZone(zone);
    const clock = { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
    found = {
      time: new Intl.DateTimeFormat('en-US', clock),
      weekday: new Intl.DateTimeFormat('en-US', { ...clock, weekday: 'short' }),
      date: new Intl.DateTimeFormat('en-US', { ...clock, weekday: 'short', month: 'short', day: 'numeric' }),
      day: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
    };
    cache.set(key, found);
  }
  return found;
}

/** 'Sat 9:00 AM CST' for the instant `iso`, seen from `now`; '' for a value that is not a time. */
export function formatPauseEnd(iso: string, zone?: string | null, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const f = formatsFor(zone);
  if (f.day.format(at) === f.day.format(now)) return f.time.format(at);
  return at - now < WEEK_MS ? f.weekday.format(at).replace(/^(\w{3}), /, '$1 ') : f.date.format(at);
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
