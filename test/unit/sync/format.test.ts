import { afterEach, describe, expect, it } from 'vitest';
import { dayOfTime, formatAsOf, offlineBadgeText, setAccountZone } from '../../../src/sync/format';

// 15:02 UTC on Nov 25 2026: 9:02 AM in Chicago (CST), 8:02 AM in Denver (MST).
const at = Date.UTC(2026, 10, 25, 15, 2);

afterEach(() => setAccountZone(null));

describe('one time zone for every time shown', () => {
  it("shows a time with no zone of its own in the account's zone, labelled", () => {
    setAccountZone('America/Chicago');
    expect(formatAsOf(at, at)).toBe('9:02 AM CST');
    expect(offlineBadgeText(at, at)).toBe('Offline · data as of 9:02 AM CST');
  });

  it("agrees with a screen that names the account's zone itself (leads), whatever the device's zone", () => {
    setAccountZone('America/Chicago');
    expect(formatAsOf(at, at, 'America/Chicago')).toBe(formatAsOf(at, at));
  });

  it("reads the spec's zone codes ('ct', 'mt') as the settings give them", () => {
    setAccountZone('ct');
    expect(formatAsOf(at, at)).toBe('9:02 AM CST');
    expect(formatAsOf(at, at, 'mt')).toBe('8:02 AM MST');
  });

  it('counts "today" in the account\'s zone, so the day is shown when it differs there', () => {
    setAccountZone('America/Chicago');
    // 03:30 UTC on Nov 26 is still Nov 25 in Chicago: the same day as 9:02 AM there.
    const lateUtc = Date.UTC(2026, 10, 26, 3, 30);
    expect(dayOfTime(lateUtc)).toBe('2026-11-25');
    expect(formatAsOf(at, lateUtc)).toBe('9:02 AM CST');
    // A day before shows its date.
    expect(formatAsOf(at - 24 * 3600_000, at)).toBe('Nov 24, 9:02 AM CST');
  });

  it("falls back to the device's zone, still labelled, while no account zone is known or it is unknown", () => {
    expect(formatAsOf(at, at)).toMatch(/^\d{1,2}:02 [AP]M \S+$/);
    setAccountZone('Not/AZone');
    expect(formatAsOf(at, at)).toMatch(/^\d{1,2}:02 [AP]M \S+$/);
  });
});
