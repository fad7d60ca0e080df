/**
 * Answers held in memory for as long as the database says their inputs are unchanged (issue 17).
 *
 * Triggers (migrations speed_indexes and page_versions) bump a version column of the organization
 * on every write that can change a held answer, whichever instance, job or tool made it:
 * - organizations.leads_version: the organization's leads (insert, update, delete, truncate), the
 *   move or removal of one of its accounts, their review status (lead_reviews) and its users' leads
 *   table columns (table_configs); keys the leads statistics and whole leads pages
 *   (domain/leads/leads-list.ts, domain/leads/leads-report.ts);
 * - organizations.settings_version: its users' tabs, its accounts' platforms and its campaigns'
 *   media types; keys GET /user/settings (domain/auth/users.ts).
 * The auth lookup reads both with the session (plugins/auth.ts), so a held answer is used only for
 * the version this very request saw: never stale, on PGlite or on several PostgreSQL instances
 * alike, and no extra statement to check it.
 *
 * - Keyed by the database (tests run many in one process) and a key that names the version and
 *   every input of the answer.
 * - The promise is held, so concurrent identical requests compute it once; a failure is dropped.
 * - Each shelf holds at most its own weight of answers per database, oldest first out (versions
 *   only grow: old keys are dead). An answer weighs 1 unless told: on the 'answers' shelf, 1,000
 *   settings answers or statistics headers; on the 'pages' shelf, leads pages weigh their page size
 *   in rows, 10,000 rows at most (a full page of 100 rows and 11 columns is about 280 KB of heap,
 *   so the shelf stays under about 30 MB however it is filled).
 */
import type { Db } from '../db/client';

const LIMITS = { answers: 1000, pages: 10_000 } as const;
export type Shelf = keyof typeof LIMITS;

type Held = { value: Promise<unknown>; weight: number };
type Shelves = Record<Shelf, { entries: Map<string, Held>; weight: number }>;
const held = new WeakMap<Db, Shelves>();

/** The held answer for this key, or `compute()`'s (then held, weighing `weight`). */
export function cachedByVersion<T>(
  db: Db,
  key: string,
  compute: () => Promise<T>,
  { shelf = 'answers', weight = 1 }: { shelf?: Shelf; weight?: number } = {},
): Promise<T> {
  let shelves = held.get(db);
  if (!shelves) {
    shelves = { answers: { entries: new Map(), weight: 0 }, pages: { entries: new Map(), weight: 0 } };
    held.set(db, shelves);
  }
  const place = shelves[shelf];
  const hit = place.entries.get(key);
  if (hit) return hit.value as Promise<T>;
  const value = compute();
  const entry = { value, weight };
  const drop = (name: string, dropped: Held) => {
    if (place.entries.get(name) !== dropped) return;
    place.entries.delete(name);
    place.weight -= dropped.weight;
  };
  place.entries.set(key, entry);
  place.weight += weight;
  value.catch(() => drop(key, entry));
  for (const [name, oldest] of place.entries) {
    if (place.weight <= LIMITS[shelf] || name === key) break;
    drop(name, oldest);
  }
  return value;
}
