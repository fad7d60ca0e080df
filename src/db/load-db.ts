/**
 * The database for code that must not bring Dexie with it: the session store and the sign-in
 * actions, which the sign-in page loads before its first paint. On a device that holds no session
 * that page renders without the database (main.tsx), so Dexie (about 30 KB gzip) is fetched once
 * something needs storage: the session read, a sign-in, or the offline core loaded after the form
 * is on screen.
 *
 * - `loadDb()` starts the load (once) and answers the database.
 * - `onDbLoaded()` waits for it without starting it: the session store's watch of other tabs'
 *   changes begins whenever the database is here for another reason.
 */
import type { AppDb } from './app-db';

let loading: Promise<AppDb> | undefined;
let loaded: AppDb | undefined;
const waiting = new Set<(database: AppDb) => void>();

export function loadDb(): Promise<AppDb> {
  loading ??= import('./db').then(
    ({ db }) => {
      loaded = db;
      for (const run of waiting) run(db);
      waiting.clear();
      return db;
    },
    (error: unknown) => {
      loading = undefined; // a later call (back online) tries again
      throw error;
    },
  );
  return loading;
}

/** Runs `run` once the database has loaded (at once if it has), without loading it. Answers the cancel. */
export function onDbLoaded(run: (database: AppDb) => void): () => void {
  if (loaded) {
    run(loaded);
    return () => undefined;
  }
  waiting.add(run);
  return () => waiting.delete(run);
}
