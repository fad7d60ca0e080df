/**
 * Answers held in memory for as long as the database says their inputs are unchanged (issue 17).
 *
 * Triggers (migration speed_indexes) bump a version column of the organization on every write
 * that can change a held answer, whichever instance, job or tool made it:
 * - organizations.leads_version: the organization's leads (insert, update, delete, truncate) and
 *   the move or removal of one of its accounts; keys the leads statistics (domain/leads-list.ts);
 * - organizations.settings_version: its users' tabs, its accounts' platforms and its campaigns'
 *   media types; keys GET /user/settings (domain/users.ts).
 * The auth lookup reads both with the session (plugins/auth.ts), so a held answer is used only for
 * the version this very request saw: never stale, on PGlite or on several PostgreSQL instances
 * alike, and no extra statement to check it.
 *
 * - Keyed by the database (tests run many in one process) and a key that names the version and
 *   every input of the answer.
 * - The promise is held, so concurrent identical requests compute it once; a failure is dropped.
 * - At most MAX_ENTRIES per database, oldest first out (versions only grow: old keys are dead).
 */
import type { Db } from '../db/client';

const MAX_ENTRIES = 1000;
const held = new WeakMap<Db, Map<string, Promise<unknown>>>();

/** The held answer for this key, or `compute()`'s (then held). */
export function cachedByVersion<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  let entries = held.get(db);
  if (!entries) {
    entries = new Map();
    held.set(db, entries);
  }
  const hit = entries.get(key);
  if (hit) return hit as Promise<T>;
  const value = compute();
  entries.set(key, value);
  value.catch(() => entries.delete(key));
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return value;
}
