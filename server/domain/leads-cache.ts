/**
 * The leads statistics, held in memory per organization and leads version (issue 17).
 *
 * The header's figures aggregate every lead of the range: for a 28-location franchise without a
 * date range that is over 12,000 rows per request, the dearest part of POST /leads. They change
 * only when a lead of the organization changes, and a trigger (migration speed_indexes) bumps
 * organizations.leads_version on every such write, whichever instance, job or tool made it. The
 * auth lookup reads that version with the session (plugins/auth.ts), so a cached figure is used
 * only for the version this request saw: never stale, on PGlite or on several PostgreSQL
 * instances alike, and no extra statement to check it.
 *
 * - Keyed by the database (tests run many in one process), the organization, its version, the
 *   time zone and every input that shapes the WHERE (range, filters, search, locations).
 * - The promise is held, so concurrent identical requests compute it once; a failure is dropped.
 * - At most MAX_ENTRIES per database, oldest first out (versions only grow, so old keys are dead).
 */
import type { Db } from '../db/client';

const MAX_ENTRIES = 500;
const held = new WeakMap<Db, Map<string, Promise<unknown>>>();

export type CacheScope = { organizationId: number; timeZone: string; leadsVersion: number };

/** The WHERE-shaping fields of a leads query, in a fixed order (a stable key). */
export const whereKey = (input: {
  start_date?: string;
  end_date?: string;
  query?: string;
  filters?: unknown;
  location_ids?: string[];
}) => JSON.stringify([input.start_date, input.end_date, input.query, input.filters, input.location_ids]);

/** The held value for this scope and key, or `compute()`'s (then held). */
export function cachedByLeadsVersion<T>(
  db: Db,
  scope: CacheScope,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  let entries = held.get(db);
  if (!entries) {
    entries = new Map();
    held.set(db, entries);
  }
  const full = `${scope.organizationId}|${scope.leadsVersion}|${scope.timeZone}|${key}`;
  const hit = entries.get(full);
  if (hit) return hit as Promise<T>;
  const value = compute();
  entries.set(full, value);
  value.catch(() => entries.delete(full));
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return value;
}
