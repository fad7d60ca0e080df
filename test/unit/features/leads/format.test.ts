/** Lead times on screen: in the account's zone, and saying which (CST or CDT, as Intl names it). */
import { describe, expect, it } from 'vitest';
import { formatTime, formatTimeOfDay } from '../../../../src/features/leads/format';

describe('lead times', () => {
  it("reads a lead's time in the account's zone, with the zone's abbreviation", () => {
    expect(formatTime('2026-11-20T20:05:00Z', 'America/Chicago')).toBe('11/20/2026, 2:05 PM CST');
    expect(formatTime('2026-07-04T02:30:00Z', 'ct')).toBe('07/03/2026, 9:30 PM CDT');
    expect(formatTime('2026-07-04T02:30:00Z', 'America/Phoenix')).toBe('07/03/2026, 7:30 PM MST');
    expect(formatTimeOfDay('2026-11-20T20:05:00Z', 'America/Chicago')).toBe('2:05 PM CST');
  });

  it('shows nothing for a missing or broken time', () => {
    expect(formatTime(null, 'ct')).toBe('');
    expect(formatTime('not a time', 'ct')).toBe('');
    expect(formatTimeOfDay(undefined, 'ct')).toBe('');
  });
});
