/**
 * Refreshing the reads a delivered write affects. A feature registers a refresher for the paths it
 * keeps in its own tables (notifications -> the notifications table); any other path is simply
 * fetched again, which stores the fresh answer in the read cache (and screens reading it update).
 *
 * - An entry is a GET path, or `POST /path` for a list read that is a POST with an empty JSON body
 *   (the linked accounts' summary): refreshTarget tells which, for the page and the worker alike.
 * - One refresh of a path at a time per user: the outbox delivers writes side by side, and fifty
 *   delivered notification reads must not fetch the list fifty times. A refresh asked for while one
 *   runs is one more run after it (shared by every such caller), never skipped: the running one may
 *   have been answered before the latest write landed.
 */
/** What a refresh entry asks for: `POST /path` is a POST read with an empty JSON body. */
export function refreshTarget(entry: string): {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, never>;
} {
  return entry.startsWith('POST ')
    ? { method: 'POST', path: entry.slice(5), body: {} }
    : { method: 'GET', path: entry };
}

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

type Flight = { done: Promise<void>; next: Promise<void> | null };
const flights = new Map<string, Flight>();

/** Runs `run` for `key` now, or once more after the run under way (see the header). */
function coalesced(key: string, run: () => Promise<void>): Promise<void> {
  const flight = flights.get(key);
  if (flight) {
    flight.next ??= flight.done.then(() => coalesced(key, run));
    return flight.next;
  }
  const entry: Flight = { done: Promise.resolve(), next: null };
  entry.done = run().finally(() => {
    if (flights.get(key) === entry) flights.delete(key);
  });
  flights.set(key, entry);
  return entry.done;
}

/** Refreshes each distinct path once; a failure is logged, never thrown (the write is delivered). */
export async function refreshReads(userId: number, paths: readonly string[]): Promise<void> {
  for (const path of new Set(paths)) {
    const refresher = refreshers.find((entry) => entry.matches(path));
    await coalesced(`${userId} ${path}`, async () => {
      try {
        await (refresher ? refresher.run(userId, path) : fallback(userId, path));
      } catch (error) {
        console.warn(`Could not refresh ${path}`, error);
      }
    });
  }
}
