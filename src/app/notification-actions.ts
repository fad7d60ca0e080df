/**
 * How the bell lists a notification (spec part 1 §2 "Notification bell"): the 70-character cut
 * and the relative time. What a notification does when chosen is lib/notification-target.ts
 * (shared with the system notifications of sync/).
 */

export const DESCRIPTION_LIMIT = 70;

/** The list's short form of a message: cut at 70 characters, on a word when one is near. */
export function truncate(message: string, limit = DESCRIPTION_LIMIT): { text: string; cut: boolean } {
  const clean = message.trim();
  if (clean.length <= limit) return { text: clean, cut: false };
  const slice = clean.slice(0, limit);
  const space = slice.lastIndexOf(' ');
  return { text: `${(space > limit - 15 ? slice.slice(0, space) : slice).trimEnd()}…`, cut: true };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

let relative: Intl.RelativeTimeFormat | undefined;

/** '3 days ago', 'in 2 hours', 'now': when a notification arrived, relative to `now`. */
export function timeAgo(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const elapsed = at - now;
  relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const format = relative;
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return format.format(Math.round(elapsed / size), unit);
  }
  return 'just now';
}
