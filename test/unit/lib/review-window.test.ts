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

/** The rule computed with Intl at every step, as the module did before it kept each day's offset. */
function referenceEnd(created: Date): Date {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts = (instant: number) => {
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(new Date(instant)))
      if (part.type !== 'literal') p[part.type] = Number(part.value);
    return p;
  };
  const offset = (instant: number) => {
    const p = parts(instant);
    return (
      Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000
    );
  };
  const local = parts(created.getTime());
  const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
  const wall = Date.UTC(local.year, local.month - 1, local.day + ((2 - weekday + 7) % 7 || 7), 12);
  return new Date(wall - offset(wall - offset(wall)));
}

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

  it('agrees with Intl at every hour of two years and at every second around each clock change', () => {
    const instants: number[] = [];
    for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2028-01-01T00:00:00Z'); t += 3_600_000) {
      instants.push(t + 1_234); // not on the hour: the seconds and the milliseconds count too
    }
    for (const change of [
      '2026-03-08T07:00:00Z',
      '2026-11-01T06:00:00Z',
      '2027-03-14T07:00:00Z',
      '2027-11-07T06:00:00Z',
    ]) {
      for (let second = -90; second <= 90; second += 1) instants.push(Date.parse(change) + second * 1000);
    }
    const wrong = instants.filter(
      (instant) =>
        reviewWindowEnd('LD-1', new Date(instant)).getTime() !== referenceEnd(new Date(instant)).getTime(),
    );
    expect(wrong.map((instant) => new Date(instant).toISOString())).toEqual([]);
    expect(instants.length).toBeGreaterThan(17_000);
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

  it("names the closing time in the account's zone, with the zone's own abbreviation", () => {
    const end = at('2026-11-17T17:00:00Z');
    expect(formatWindowEnd(end, 'America/Chicago')).toBe('11/17/2026 11:00 AM CST');
    expect(formatWindowEnd(end, 'ct')).toBe('11/17/2026 11:00 AM CST');
    expect(formatWindowEnd(end, 'America/Phoenix')).toBe('11/17/2026 10:00 AM MST');
    expect(windowClosedMessage(end, 'America/Chicago')).toContain('closed on 11/17/2026 11:00 AM CST.');
    // In summer the same rule closes at noon EDT, 11:00 AM CDT in Austin.
    expect(formatWindowEnd(at('2026-06-16T16:00:00Z'), 'America/Chicago')).toBe('06/16/2026 11:00 AM CDT');
    // No zone known: the rule's own, Eastern, still named as Intl names it.
    expect(formatWindowEnd(end)).toBe('11/17/2026 12:00 PM EST');
  });
});
