/**
 * The lead review window (spec part 3 §5), shared by the server (which enforces it) and the
 * client (which enables the button offline), so both always agree.
 *
 * - Reference ids starting with bpr or fsr (any case): the window is 7 days from creation.
 * - Any other lead: from creation until the following Tuesday at 12pm Eastern (the billing cycle
 *   closes on Thursday). "Following" is counted in Eastern calendar days: a lead created on a
 *   Tuesday, before noon or after, waits for the next week's Tuesday.
 * - "12pm EST" is read as noon on the wall clocks of the Eastern time zone: 17:00 UTC in winter,
 *   16:00 UTC while daylight-saving time is in force. The offset is taken from Intl for that very
 *   Tuesday, so a week that crosses a daylight-saving change still closes at local noon.
 * - The window is open while now < end (end itself is closed).
 * - The rule is Eastern, but the end is SHOWN in the account's zone and says which
 *   ('11/17/2026 11:00 AM CST' for a Central business), like every other time on its screens.
 */

import { DATE_TIME_ZONE, zonedFormat } from './time-zone';

export const REVIEW_WINDOW_DAYS = 7;
export const REVIEW_ZONE = 'America/New_York';
const DAY_MS = 86_400_000;
const TUESDAY = 2;
const NOON = 12;

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** Milliseconds the Eastern wall clock is ahead of UTC at an instant, as Intl says (one call). */
function formattedOffset(at: number): number {
  const p: Record<string, number> = {};
  for (const part of zonedFormat(WALL_CLOCK, REVIEW_ZONE).formatToParts(new Date(at))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The Eastern offset of each UTC day it holds all day long, or null for a day it changes (two a
 * year, at 06:00 or 07:00 UTC). Intl's formatToParts takes microseconds a call, and a list of
 * leads asked for several per lead (the seed tens of thousands): a day's offset is asked for
 * twice, then known. The zone never changes twice in one day, so equal ends mean the whole day.
 * Unbounded on purpose: one small entry per UTC day ever asked for, which for a long-running server
 * is the span of its leads' dates (a few thousand entries), never one per lead or per request.
 */
const dayOffsets = new Map<number, number | null>();

/** Milliseconds the Eastern wall clock is ahead of UTC at an instant (negative: -4 h or -5 h). */
function easternOffset(at: number): number {
  const day = Math.floor(at / DAY_MS);
  let offset = dayOffsets.get(day);
  if (offset === undefined) {
    const first = formattedOffset(day * DAY_MS);
    offset = first === formattedOffset((day + 1) * DAY_MS - 1000) ? first : null;
    dayOffsets.set(day, offset);
  }
  return offset ?? formattedOffset(at);
}

/** Wall-clock parts of an instant in the Eastern zone (to the second). */
function easternParts(at: number) {
  const wall = new Date(Math.floor(at / 1000) * 1000 + easternOffset(at));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** The instant an Eastern wall-clock time happens (never inside a DST gap for noon). */
export function easternTime(year: number, month: number, day: number, hour: number): Date {
  const wall = Date.UTC(year, month - 1, day, hour);
  const guess = wall - easternOffset(wall);
  return new Date(wall - easternOffset(guess));
}

export const isPartnerLead = (refId: string) => /^(bpr|fsr)/i.test(refId);

/** When a lead's review window closes. */
export function reviewWindowEnd(refId: string, createdAt: Date): Date {
  if (isPartnerLead(refId)) return new Date(createdAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
  const local = easternParts(createdAt.getTime());
  const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
  const ahead = (TUESDAY - weekday + 7) % 7 || 7;
  return easternTime(local.year, local.month, local.day + ahead, NOON);
}

/** Whether a review may still be requested (or edited) at `now`. */
export function isReviewWindowOpen(refId: string, createdAt: Date | string, now: Date = new Date()): boolean {
  const created = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  if (Number.isNaN(created.getTime())) return false;
  return now.getTime() < reviewWindowEnd(refId, created).getTime();
}

/** A review can be requested or edited while the window is open and no decision was made. */
export function canReview(
  lead: { ref_id: string; created_at: Date | string; review_status: string | null },
  now: Date = new Date(),
): boolean {
  const undecided = lead.review_status === null || lead.review_status === 'pending';
  return undecided && isReviewWindowOpen(lead.ref_id, lead.created_at, now);
}

/**
 * '11/24/2026 11:00 AM CST': the end of a window as the messages show it, in the account's `zone`
 * (a spec code or IANA name; none: Eastern, the rule's own zone) and named as Intl names it.
 */
export function formatWindowEnd(end: Date, zone?: string | null): string {
  return zonedFormat(DATE_TIME_ZONE, zone || REVIEW_ZONE)
    .format(end)
    .replace(',', '');
}

/** The server's answer when a review comes too late, in the account's zone; the client shows it as is. */
export function windowClosedMessage(end: Date, zone?: string | null): string {
  return `The review window for this lead closed on ${formatWindowEnd(end, zone)}. Reviews can no longer be requested or changed.`;
}
