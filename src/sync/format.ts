/**
 * Times as the offline UI shows them: '10:42 AM CST' today, 'Mar 3, 10:42 AM CST' on another day.
 * Always labelled with their zone: the account's when the screen knows it (the zone lead times
 * are shown in), else the device's, so "as of" never reads in an unnamed zone.
 */
const formats = new Map<
  string,
  { time: Intl.DateTimeFormat; dayAndTime: Intl.DateTimeFormat; day: Intl.DateTimeFormat }
>();

function formatsFor(timeZone?: string | null) {
  const key = timeZone ?? '';
  let found = formats.get(key);
  if (!found) {
    let zone: string | undefined = timeZone ?? undefined;
    try {
      if (zone) new Intl.DateTimeFormat('en-US', { timeZone: zone });
    } catch {
      zone = undefined;
    }
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

export function formatAsOf(at: number, now = Date.now(), timeZone?: string | null): string {
  const { time, dayAndTime, day } = formatsFor(timeZone);
  const sameDay = day.format(at) === day.format(now);
  return (sameDay ? time : dayAndTime).format(at);
}

/** The shared badge's text: "Offline · data as of 10:42 AM CST", or "Offline" with nothing stored. */
export function offlineBadgeText(asOf: number | null, now = Date.now(), timeZone?: string | null): string {
  return asOf === null ? 'Offline' : `Offline · data as of ${formatAsOf(asOf, now, timeZone)}`;
}
