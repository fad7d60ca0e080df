/**
 * "Paused until ...": the instant read in the account's time zone, labelled with it, with a day
 * name inside the coming week, a date beyond (a 7-day pause never reads as today), only the time
 * later today, and "Pause ended" once it has passed.
 */
import { describe, expect, it } from 'vitest';
import { formatPauseEnd, pauseNote } from '../../../../src/features/campaigns/pause-end';

// Thursday, Nov 26 2026, 10:00 AM in Chicago (16:00 UTC).
const NOW = Date.parse('2026-11-26T16:00:00Z');

describe('pause end', () => {
  it("names the weekday in the account's zone, not the device's", () => {
    // Saturday 9:00 AM in Chicago is 15:00 UTC, and 7:00 AM in Los Angeles.
    expect(formatPauseEnd('2026-11-28T15:00:00Z', 'America/Chicago', NOW)).toBe('Sat 9:00 AM CST');
    expect(formatPauseEnd('2026-11-28T15:00:00Z', 'America/Los_Angeles', NOW)).toBe('Sat 7:00 AM PST');
    // The portal's zone codes (profile settings) read the same as the zone's name.
    expect(formatPauseEnd('2026-11-28T15:00:00Z', 'ct', NOW)).toBe('Sat 9:00 AM CST');
  });

  it('crosses midnight into the next day by the zone, not by UTC', () => {
    // 04:30 UTC on Friday is still Thursday 10:30 PM in Chicago: later today.
    expect(formatPauseEnd('2026-11-27T04:30:00Z', 'America/Chicago', NOW)).toBe('10:30 PM CST');
    // ... and already Friday in New York.
    expect(formatPauseEnd('2026-11-27T05:30:00Z', 'America/New_York', NOW)).toBe('Fri 12:30 AM EST');
  });

  it('gives the date from six days on, so a 7-day pause does not read as today', () => {
    const week = new Date(NOW + 168 * 3_600_000).toISOString();
    expect(formatPauseEnd(week, 'America/Chicago', NOW)).toBe('Thu, Dec 3, 10:00 AM CST');
    expect(formatPauseEnd('2026-12-01T15:00:00Z', 'America/Chicago', NOW)).toBe('Tue 9:00 AM CST');
  });

  it('says "Paused until" ahead and "Pause ended" after; nothing for no or a broken time', () => {
    const three = new Date(NOW + 3 * 3_600_000).toISOString();
    expect(pauseNote(three, 'America/Chicago', NOW)).toEqual({
      ended: false,
      text: 'Paused until 1:00 PM CST',
    });
    expect(pauseNote(three, 'America/Chicago', NOW + 4 * 3_600_000)).toEqual({
      ended: true,
      text: 'Pause ended 1:00 PM CST',
    });
    expect(pauseNote(null, 'America/Chicago', NOW)).toBeNull();
    expect(pauseNote('soon', 'America/Chicago', NOW)).toBeNull();
    // An unknown zone falls back to the device's, still labelled.
    expect(formatPauseEnd(three, 'Mars/Olympus', NOW)).toMatch(/^\d{1,2}:00 [AP]M \S+$/);
  });
});
