import { describe, expect, it } from 'vitest';
import {
  canReview,
  easternTime,
  formatWindowEnd,
  isReviewWindowOpen,
  reviewWindowEnd,
  windowClosedMessage,
} from '../../../src/lib/review-window';

const at = (iso: string) => new Date(iso);

describe('review window', () => {
  it('gives bpr and fsr leads (any case) exactly 7 days', () => {
    for (const ref of ['bpr-1001', 'FSR-77', 'Bpr123']) {
      expect(reviewWindowEnd(ref, at('2026-11-10T15:00:00Z')).toISOString()).toBe('2026-11-17T15:00:00.000Z');
    }
    expect(isReviewWindowOpen('bpr-1', at('2026-11-10T15:00:00Z'), at('2026-11-17T14:59:59.999Z'))).toBe(
      true,
    );
    expect(isReviewWindowOpen('bpr-1', at('2026-11-10T15:00:00Z'), at('2026-11-17T15:00:00Z'))).toBe(false);
  });

  it.each([
    // created (UTC)             closes (UTC)                  why
    ['2026-11-16T10:00:00Z', '2026-11-17T17:00:00Z'], // Monday: next day, noon EST = 17:00 UTC
    ['2026-11-17T14:00:00Z', '2026-11-24T17:00:00Z'], // Tuesday morning: the next week's Tuesday
    ['2026-11-17T18:00:00Z', '2026-11-24T17:00:00Z'], // Tuesday afternoon: the next week's Tuesday
    ['2026-11-17T04:30:00Z', '2026-11-17T17:00:00Z'], // Monday 11:30pm Eastern (Tuesday in UTC)
    ['2026-11-22T08:00:00Z', '2026-11-24T17:00:00Z'], // Sunday
    ['2026-07-08T15:00:00Z', '2026-07-14T16:00:00Z'], // summer: noon EDT = 16:00 UTC
    ['2026-03-07T18:00:00Z', '2026-03-10T16:00:00Z'], // spring forward (Mar 8) inside the week
    ['2026-10-31T18:00:00Z', '2026-11-03T17:00:00Z'], // fall back (Nov 1) inside the week
    ['2026-12-30T12:00:00Z', '2027-01-05T17:00:00Z'], // across the new year
  ])('a lead created %s may be reviewed until %s', (created, end) => {
    expect(reviewWindowEnd('LD-1', at(created)).toISOString()).toBe(new Date(end).toISOString());
    expect(isReviewWindowOpen('LD-1', created, new Date(Date.parse(end) - 1))).toBe(true);
    expect(isReviewWindowOpen('LD-1', created, at(end))).toBe(false);
  });

  it('turns Eastern wall-clock noon into the right instant on both sides of DST', () => {
    expect(easternTime(2026, 3, 7, 12).toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(easternTime(2026, 3, 9, 12).toISOString()).toBe('2026-03-09T16:00:00.000Z');
    expect(easternTime(2026, 11, 2, 12).toISOString()).toBe('2026-11-02T17:00:00.000Z');
  });

  it('lets an undecided review be edited inside the window only', () => {
    const lead = { ref_id: 'LD-1', created_at: '2026-11-16T10:00:00Z' };
    const inside = at('2026-11-17T12:00:00Z');
    expect(canReview({ ...lead, review_status: null }, inside)).toBe(true);
    expect(canReview({ ...lead, review_status: 'pending' }, inside)).toBe(true);
    expect(canReview({ ...lead, review_status: 'approved' }, inside)).toBe(false);
    expect(canReview({ ...lead, review_status: 'denied' }, inside)).toBe(false);
    expect(canReview({ ...lead, review_status: null }, at('2026-11-17T17:00:00Z'))).toBe(false);
    expect(canReview({ ...lead, created_at: 'not a date', review_status: null }, inside)).toBe(false);
  });

  it('names the closing time in Eastern time', () => {
    const end = at('2026-11-17T17:00:00Z');
    expect(formatWindowEnd(end)).toBe('11/17/2026 12:00 PM ET');
    expect(windowClosedMessage(end)).toContain('closed on 11/17/2026 12:00 PM ET');
  });
});
