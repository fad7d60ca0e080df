/**
 * Time zones as the spec names them (part 2 §3: a code such as 'ct', or an IANA name), resolved to
 * IANA zones for Intl. Its own module: the offline core's formatter (sync/format.ts) and the
 * dashboard's date ranges (lib/date-range.ts) both need it, and they load in different chunks.
 */

/** The spec's time zone codes (part 2 §3) as IANA zones. */
export const TIME_ZONE_CODES: Record<string, string> = {
  et: 'America/New_York',
  ct: 'America/Chicago',
  mt: 'America/Denver',
  pt: 'America/Los_Angeles',
  ht: 'Pacific/Honolulu',
  at: 'America/Puerto_Rico',
};

// Building an Intl formatter costs a few milliseconds; a table's render asks for the same zones
// hundreds of times, so each zone is checked once.
const resolvedZones = new Map<string, string | undefined>();

/** A spec code or IANA name as an IANA zone; undefined (the browser's zone) when unknown. */
export function resolveTimeZone(zone?: string | null): string | undefined {
  if (!zone) return undefined;
  if (resolvedZones.has(zone)) return resolvedZones.get(zone);
  const mapped = TIME_ZONE_CODES[zone.trim().toLowerCase()] ?? zone.trim();
  let resolved: string | undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: mapped });
    resolved = mapped;
  } catch {
    resolved = undefined;
  }
  resolvedZones.set(zone, resolved);
  return resolved;
}

// Each formatter is built once per options object, locale and zone: callers pass a module-level
// options constant, so a table's hundreds of cells share one formatter.
const formatters = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

/**
 * The one place time-zone formatters are made: `options` in `zone` (a spec code or IANA name; none
 * or unknown: the device's zone). Pass a constant `options` object (it keys the cache).
 */
export function zonedFormat(
  options: Intl.DateTimeFormatOptions,
  zone?: string | null,
  locale = 'en-US',
): Intl.DateTimeFormat {
  const timeZone = resolveTimeZone(zone);
  let byZone = formatters.get(options);
  if (!byZone) {
    byZone = new Map();
    formatters.set(options, byZone);
  }
  const key = `${locale} ${timeZone ?? ''}`;
  let format = byZone.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    byZone.set(key, format);
  }
  return format;
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/**
 * The calendar day (YYYY-MM-DD) of an instant in a zone: what "today" means to a customer there,
 * which is not the UTC date in a US evening. '' for a value that is not a time.
 */
export function dayInZone(at: number | string | Date, zone?: string | null): string {
  const time = at instanceof Date ? at.getTime() : typeof at === 'string' ? Date.parse(at) : at;
  return Number.isNaN(time) ? '' : zonedFormat(DAY, zone, 'en-CA').format(time);
}

/** '11/20/2026, 2:05 PM': a moment as tables show it (leads, invoices), in the customer's zone. */
export const DATE_TIME: Intl.DateTimeFormatOptions = {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** '11/20/2026, 2:05 PM CST': a moment as tables show it, saying which zone (CST or CDT, from Intl). */
export const DATE_TIME_ZONE: Intl.DateTimeFormatOptions = { ...DATE_TIME, timeZoneName: 'short' };

const ZONE_NAME: Intl.DateTimeFormatOptions = { timeZoneName: 'short' };

/** 'CST' or 'CDT': the zone's short name at an instant (the abbreviation Intl gives for en-US). */
export function zoneAbbreviation(at: number | Date, zone?: string | null): string {
  return (
    zonedFormat(ZONE_NAME, zone)
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}
