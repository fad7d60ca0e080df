/**
 * Answers held in memory for as long as the database says their inputs are unchanged (issue 17).
 *
 * Triggers (migrations speed_indexes and page_versions) bump a version column of the organization
 * on every write that can change a held answer, whichever instance, job or tool made it:
 * - organizations.leads_version: the organization's leads (insert, update, delete, truncate), the
 *   move or removal of one of its accounts, their review status (lead_reviews) and its users' leads
 *   table columns (table_configs); keys the leads statistics and whole leads pages
 *   (domain/leads-list.ts, domain/leads-report.ts);
 * - organizations.settings_version: its users' tabs, its accounts' platforms and its campaigns'
 *   media types; keys GET /user/settings (domain/users.ts).
 * The auth lookup reads both with the session (plugins/auth.ts), so a held answer is used only for
 * the version this very request saw: never stale, on PGlite or on several PostgreSQL instances
 * alike, and no extra statement to check it.
 *
 * - Keyed by the database (tests run many in one process) and a key that names the version and
 *   every input of the answer.
 * - The promise is held, so concurrent identical requests compute it once; a failure is dropped.
 * - Each shelf holds at most its own number of answers per database, oldest first out (versions
 *   only grow: old keys are dead). Leads pages have a shelf of their own, smaller: one page (at most
 *   100 rows) weighs far more than a settings answer or a statistics header.
 */
import type { Db } from '../db/client';

const LIMITS = { answers: 1000, pages: 200 } as const;
export type Shelf = keyof typeof LIMITS;

const held = new WeakMap<Db, Record<Shelf, Map<string, Promise<unknown>>>>();

/** The held answer for this key, or `compute()`'s (then held). */
export function cachedByVersion<T>(
  db: Db,
  key: string,
  compute: () => Promise<T>,
  shelf: Shelf = 'answers',
): Promise<T> {
  let shelves = held.get(db);
  if (!shelves) {
    shelves = { answers: new Map(), pages: new Map() };
    held.set(db, shelves);
  }
  const entries = shelves[shelf];
  const hit = entries.get(key);
  if (hit) return hit as Promise<T>;
  const value = compute();
  entries.set(key, value);
  value.catch(() => entries.delete(key));
  if (entries.size > LIMITS[shelf]) entries.delete(entries.keys().next().value as string);
  return value;
}
