/**
 * How long a lead's review window has left, as the list and the drawer say it ("Review window
 * closes in 2 days"). Computed on the device from the lead's reference id and creation time
 * (lib/review-window.ts, the rule the server enforces), so it is right offline and needs no call.
 *
 * - Counted down, never up: 2 days 20 hours reads "2 days", so the text never promises more time
 *   than there is. Under a day it reads hours, under an hour minutes (at least 1).
 * - A lead whose review was decided (approved, denied) or whose window has closed has no countdown:
 *   the drawer says when it closed instead.
 */
import { isReviewWindowOpen, reviewWindowEnd } from '../../lib/review-window';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** '2 days', '5 hours', '1 minute': the time left, rounded down. */
export function timeLeft(ms: number): string {
  if (ms >= DAY) return plural(Math.floor(ms / DAY), 'day');
  if (ms >= HOUR) return plural(Math.floor(ms / HOUR), 'hour');
  return plural(Math.max(1, Math.floor(ms / MINUTE)), 'minute');
}

export type ReviewableLead = { ref_id: string; created_at: string; review_status: string | null };

/** The time left to request (or edit) a review at `now`, or null when there is none to tell. */
export function reviewTimeLeft(lead: ReviewableLead, now: number): string | null {
  if (lead.review_status === 'approved' || lead.review_status === 'denied') return null;
  const created = new Date(lead.created_at);
  if (!isReviewWindowOpen(lead.ref_id, created, new Date(now))) return null;
  return timeLeft(reviewWindowEnd(lead.ref_id, created).getTime() - now);
}

/** "Review window closes in 2 days", or null (see reviewTimeLeft). */
export function reviewCountdown(lead: ReviewableLead, now: number): string | null {
  const left = reviewTimeLeft(lead, now);
  return left === null ? null : `Review window closes in ${left}`;
}
