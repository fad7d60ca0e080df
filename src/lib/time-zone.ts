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
