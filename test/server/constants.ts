/** The pinned seed and day the test database is generated with, so date rules are reproducible. */
export const TEST_SEED = 20261122;
export const TEST_TODAY = '2026-11-20';

/**
 * The browser tests' day: the real one. Their screens open on the app's default ranges (month to
 * date, the last 30 days) computed from the browser's real clock, so their demo data must reach
 * today, as a customer's does; with the pinned day, every default range was empty from the first
 * of the next month on. Their template is seeded again each day.
 *
 * The UTC date six hours ago, not now's: the seed puts its day's leads between 00:00 and 06:00 UTC
 * of that day (server/seed/business/leads.ts), so with now's date they were still in the future
 * until 06:00 UTC (a new lead was not the newest), and that date was a day ahead of the accounts'
 * zones (UTC-5 to -7) in their evening. Six hours back it is the accounts' own date, within an hour,
 * and everything seeded is in the past. Set once by the run's global set-up (its workers inherit it),
 * so a run that crosses 06:00 UTC has one day throughout.
 */
export const E2E_TODAY =
  process.env.E2E_TODAY ?? new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
