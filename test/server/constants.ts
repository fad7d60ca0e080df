/** The pinned seed and day the test database is generated with, so date rules are reproducible. */
export const TEST_SEED = 20261122;
export const TEST_TODAY = '2026-11-20';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
