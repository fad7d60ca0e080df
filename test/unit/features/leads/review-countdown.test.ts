/**
 * The review window's countdown, counted on the device: days, then hours, then minutes, rounded
 * down; nothing once the window has closed or the review was decided.
 */
import { describe, expect, it } from 'vitest';
import { reviewCountdown, timeLeft } from '../../../../src/features/leads/review-countdown';
import { reviewWindowEnd } from '../../../../src/lib/review-window';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('review window countdown', () => {
  it('says days, hours or minutes left, never more than there is', () => {
    expect(timeLeft(2 * DAY + 20 * HOUR)).toBe('2 days');
    expect(timeLeft(DAY)).toBe('1 day');
    expect(timeLeft(23 * HOUR + 59 * 60_000)).toBe('23 hours');
    expect(timeLeft(HOUR)).toBe('1 hour');
    expect(timeLeft(59 * 60_000 + 59_000)).toBe('59 minutes');
    expect(timeLeft(20_000)).toBe('1 minute');
  });

  it('counts a partner lead down from its seven days', () => {
    const created = '2026-11-20T15:00:00.000Z';
    const lead = { ref_id: 'bpr-77', created_at: created, review_status: null };
    const at = (ms: number) => Date.parse(created) + ms;
    expect(reviewCountdown(lead, at(HOUR))).toBe('Review window closes in 6 days');
    expect(reviewCountdown(lead, at(5 * DAY))).toBe('Review window closes in 2 days');
    expect(reviewCountdown(lead, at(7 * DAY - 5 * HOUR))).toBe('Review window closes in 5 hours');
    expect(reviewCountdown(lead, at(7 * DAY - 1))).toBe('Review window closes in 1 minute');
    expect(reviewCountdown(lead, at(7 * DAY))).toBeNull();
  });

  it("counts another lead down to the following Tuesday's noon Eastern", () => {
    // Friday 20 Nov 2026, 10:00 Eastern: the window closes Tuesday 24 Nov at 12:00 Eastern (17:00 UTC).
    const lead = { ref_id: 'LD-1', created_at: '2026-11-20T15:00:00.000Z', review_status: 'pending' };
    expect(reviewWindowEnd(lead.ref_id, new Date(lead.created_at)).toISOString()).toBe(
      '2026-11-24T17:00:00.000Z',
    );
    expect(reviewCountdown(lead, Date.parse('2026-11-22T12:00:00.000Z'))).toBe(
      'Review window closes in 2 days',
    );
    expect(reviewCountdown(lead, Date.parse('2026-11-24T14:30:00.000Z'))).toBe(
      'Review window closes in 2 hours',
    );
    expect(reviewCountdown(lead, Date.parse('2026-11-24T17:00:00.000Z'))).toBeNull();
  });

  it('has nothing to count for a decided review or an unreadable date', () => {
    const now = Date.parse('2026-11-21T00:00:00.000Z');
    const lead = { ref_id: 'bpr-1', created_at: '2026-11-20T15:00:00.000Z' };
    expect(reviewCountdown({ ...lead, review_status: 'approved' }, now)).toBeNull();
    expect(reviewCountdown({ ...lead, review_status: 'denied' }, now)).toBeNull();
    expect(reviewCountdown({ ...lead, created_at: 'not a date', review_status: null }, now)).toBeNull();
  });
});
