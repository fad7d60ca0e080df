/**
 * Times as the portal shows them: '10:42 AM CST' today, 'Mar 3, 10:42 AM CST' on another day.
 *
 * - Every time is in the ACCOUNT's zone (the user settings' time_zone: a spec code such as 'ct' or
 *   an IANA name), labelled with it. The dashboard shell sets that zone here once it knows it
 *   (setAccountZone), so a caller that names no zone still agrees with the screens that do: an
 *   "as of" never reads "UTC" on one screen and "CST" on the next.
 * - Only while no account zone is known (before the first settings answer on a new device, or a
 *   zone the browser cannot resolve) is the device's zone used, still labelled.
 */

import { createStore } from '../lib/store';
import { resolveTimeZone } from '../lib/time-zone';

/** The signed-in account's zone as the settings give it; null while unknown or signed out. */
export const accountZone = createStore<string | null>(null);

export function setAccountZone(zone: string | null | undefined): void {
  accountZone.set(zone || null);
}

/** The zone a time is shown in: the one given, else the account's; undefined is the device's. */
export function displayZone(timeZone?: string | null): string | undefined {
  return resolveTimeZone(timeZone || accountZone.get());
}

type Formats = { time: Intl.DateTimeFormat; dayAndTime: Intl.DateTimeFormat; day: Intl.DateTimeFormat };
const formats = new Map<string, Formats>();

function formatsFor(timeZone?: string | null): Formats {
  const zone = displayZone(timeZone);
  const key = zone ?? '';
  let found = formats.get(key);
  if (!found) {
    const base = { timeZone: zone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
    found = {
      time: new Intl.DateTimeFormat('en-US', base),
      dayAndTime: new Intl.DateTimeFormat('en-US', { ...base, month: 'short', day: 'numeric' }),
      day: new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
    };
    formats.set(key, found);
  }
  return found;
}

/** The calendar day (YYYY-MM-DD) of a time in the shown zone: what "today" means on screen. */
export function dayOfTime(at: number, timeZone?: string | null): string {
  return formatsFor(timeZone).day.format(at);
}

export function formatAsOf(at: number, now = Date.now(), timeZone?: string | null): string {
  const { time, dayAndTime } = formatsFor(timeZone);
  const sameDay = dayOfTime(at, timeZone) === dayOfTime(now, timeZone);
  return (sameDay ? time : dayAndTime).format(at);
}

/** The shared badge's text: "Offline · data as of 10:42 AM CST", or "Offline" with nothing stored. */
export function offlineBadgeText(asOf: number | null, now = Date.now(), timeZone?: string | null): string {
  return asOf === null ? 'Offline' : `Offline · data as of ${formatAsOf(asOf, now, timeZone)}`;
}
