/**
 * Refreshing the reads a delivered write affects. A feature registers a refresher for the paths it
 * keeps in its own tables (notifications -> the notifications table); any other path is simply
 * fetched again, which stores the fresh answer in the read cache (and screens reading it update).
 */
type Refresher = { matches: (path: string) => boolean; run: (userId: number, path: string) => Promise<void> };

const refreshers: Refresher[] = [];
let fallback: Refresher['run'] = async () => {};

export function registerRefresher(matches: Refresher['matches'], run: Refresher['run']): () => void {
  const entry = { matches, run };
  refreshers.push(entry);
  return () => {
    const index = refreshers.indexOf(entry);
    if (index >= 0) refreshers.splice(index, 1);
  };
}

/** What refreshes a path no feature claimed (the page fetches it through the api client). */
export function setDefaultRefresher(run: Refresher['run']): void {
  fallback = run;
}

/** Refreshes each distinct path once; a failure is logged, never thrown (the write is delivered). */
export async function refreshReads(userId: number, paths: readonly string[]): Promise<void> {
  for (const path of new Set(paths)) {
    const refresher = refreshers.find((entry) => entry.matches(path));
    try {
      await (refresher ? refresher.run(userId, path) : fallback(userId, path));
    } catch (error) {
      console.warn(`Could not refresh ${path}`, error);
    }
  }
}
