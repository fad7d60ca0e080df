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
import { dayInZone, resolveTimeZone, zonedFormat } from '../lib/time-zone';

/** The signed-in account's zone as the settings give it; null while unknown or signed out. */
export const accountZone = createStore<string | null>(null);

export function setAccountZone(zone: string | null | undefined): void {
  accountZone.set(zone || null);
}

/** The zone a time is shown in: the one given, else the account's; undefined is the device's. */
export function displayZone(timeZone?: string | null): string | undefined {
  return resolveTimeZone(timeZone || accountZone.get());
}

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = { ...TIME, month: 'short', day: 'numeric' };

/** The calendar day (YYYY-MM-DD) of a time in the shown zone: what "today" means on screen. */
export function dayOfTime(at: number, timeZone?: string | null): string {
  return dayInZone(at, displayZone(timeZone));
}

export function formatAsOf(at: number, now = Date.now(), timeZone?: string | null): string {
  const sameDay = dayOfTime(at, timeZone) === dayOfTime(now, timeZone);
  return zonedFormat(sameDay ? TIME : DAY_AND_TIME, displayZone(timeZone)).format(at);
}

/** The shared badge's text: "Offline · data as of 10:42 AM CST", or "Offline" with nothing stored. */
export function offlineBadgeText(asOf: number | null, now = Date.now(), timeZone?: string | null): string {
  return asOf === null ? 'Offline' : `Offline · data as of ${formatAsOf(asOf, now, timeZone)}`;
}
