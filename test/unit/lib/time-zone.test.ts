import { describe, expect, it } from 'vitest';
import {
  DATE_TIME,
  DATE_TIME_ZONE,
  dayInZone,
  resolveTimeZone,
  zoneAbbreviation,
  zonedFormat,
} from '../../../src/lib/time-zone';

describe('time zones', () => {
  it("names a time's zone as Intl does: standard or daylight time, the account's zone", () => {
    const winter = Date.parse('2026-11-20T20:05:00Z');
    const summer = Date.parse('2026-07-04T02:30:00Z');
    expect(zoneAbbreviation(winter, 'ct')).toBe('CST');
    expect(zoneAbbreviation(summer, 'America/Chicago')).toBe('CDT');
    expect(zoneAbbreviation(summer, 'America/Phoenix')).toBe('MST');
    expect(zoneAbbreviation(winter, 'ht')).toBe('HST');
    expect(zonedFormat(DATE_TIME_ZONE, 'ct').format(winter)).toBe('11/20/2026, 2:05 PM CST');
  });

  it('resolves the spec codes and IANA names; unknown is the device zone', () => {
    expect(resolveTimeZone('ct')).toBe('America/Chicago');
    expect(resolveTimeZone('America/Denver')).toBe('America/Denver');
    expect(resolveTimeZone('Mars/Base')).toBeUndefined();
  });

  it('builds one formatter per options, locale and zone', () => {
    expect(zonedFormat(DATE_TIME, 'ct')).toBe(zonedFormat(DATE_TIME, 'America/Chicago'));
    expect(zonedFormat(DATE_TIME, 'ct')).not.toBe(zonedFormat(DATE_TIME, 'et'));
    expect(zonedFormat(DATE_TIME, 'ct').format(Date.parse('2026-11-20T20:05:00Z'))).toBe(
      '11/20/2026, 2:05 PM',
    );
  });

  it("gives the customer's day, not the UTC date, in a US evening", () => {
    // 20:00 in Chicago on Nov 26 is 02:00 UTC on Nov 27.
    const evening = Date.parse('2026-11-27T02:00:00Z');
    expect(dayInZone(evening, 'ct')).toBe('2026-11-26');
    expect(dayInZone(new Date(evening), 'et')).toBe('2026-11-26');
    expect(dayInZone('2026-11-27T02:00:00Z', 'UTC')).toBe('2026-11-27');
    expect(dayInZone('not a time', 'ct')).toBe('');
  });
});

describe('date formatters are built in one place', () => {
  // toLocaleDateString/-TimeString/-String with options build a new Intl formatter on every call:
  // a year's graph labels cost seconds of a phone's CPU that way (the Paid Search screen did).
  it('no module outside lib/time-zone.ts builds one per call', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '../../../src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));
    const offenders = files.filter((file) => {
      if (file === join('lib', 'time-zone.ts')) return false;
      const text = readFileSync(join(root, file), 'utf8');
      return /\.toLocale(Date|Time)?String\(\s*'[^']*'\s*,/.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
