/** The pinned seed and day the test database is generated with, so date rules are reproducible. */
export const TEST_SEED = 20261122;
export const TEST_TODAY = '2026-11-20';

/**
 * The browser tests' day: the real one (UTC). Their screens open on the app's default ranges (month
 * to date, the last 30 days) computed from the browser's real clock, so their demo data must reach
 * today, as a customer's does; with the pinned day, every default range was empty from the first
 * of the next month on. Their template is seeded again each day.
 */
export const E2E_TODAY = new Date().toISOString().slice(0, 10);

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
