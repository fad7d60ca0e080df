/**
 * Refreshing the reads something changed: a delivered write (its outbox item's `refresh`), a
 * resolved conflict, a live message (its effect's `refresh`, live-effects.ts). A feature registers
 * a refresher for the paths it keeps in its own tables (notifications -> the notifications table);
 * any other read is simply fetched again, which stores the fresh answer in the read cache, and the
 * screens showing it follow their stored rows (useCachedRead), in every tab.
 *
 * - An entry is a GET path, or `POST /path` for a POST read with an empty JSON body (the linked
 *   accounts' summary); `everyStored(entry)` (`<entry> *`) names every stored variant of the read
 *   whatever its query or body (a list read as POST with the screen's filters, a list's pages):
 *   the newest MAX_VARIANTS this user has stored (response-cache.ts `storedVariants`).
 *   refreshTargets turns an entry into requests, for the page and the worker alike.
 * - One refresh of a read at a time per user: the outbox delivers writes side by side, and fifty
 *   delivered notification reads must not fetch the list fifty times. A refresh asked for while one
 *   runs is one more run after it (shared by every such caller), never skipped: the running one may
 *   have been answered before the latest write landed.
 */
import { API_PREFIX, storedVariants } from './response-cache';

/** One read to fetch again: its method, its path under the API base (query included), its body. */
export type RefreshTarget = { method: 'GET' | 'POST'; path: string; body?: unknown };

const EVERY = ' *';

/**
 * The entry that names every stored variant of `entry`'s read (any query, any body). A hoisted
 * function reading no module state: the areas' live modules call it while they load, which may
 * be before this module has run (they load with the offline core).
 */
export function everyStored(entry: string): string {
  return `${entry} *`;
}

/** What a plain refresh entry asks for: `POST /path` is a POST read with an empty JSON body. */
export function refreshTarget(entry: string): RefreshTarget {
  return entry.startsWith('POST ')
    ? { method: 'POST', path: entry.slice(5), body: {} }
    : { method: 'GET', path: entry };
}

/** The reads an entry names for this user now: itself, or each stored variant (never throws). */
export async function refreshTargets(userId: number, entry: string): Promise<RefreshTarget[]> {
  if (!entry.endsWith(EVERY)) return [refreshTarget(entry)];
  const { method, path } = refreshTarget(entry.slice(0, -EVERY.length));
  const targets: RefreshTarget[] = [];
  for (const { url, body } of await storedVariants(userId, method, path.split('?')[0])) {
    const target: RefreshTarget = { method, path: url.slice(API_PREFIX.length) };
    try {
      if (body) target.body = JSON.parse(body) as unknown;
    } catch {
      continue; // not a JSON body: no read of ours, nothing to ask again
    }
    targets.push(target);
  }
  return targets;
}

type Refresher = { matches: (path: string) => boolean; run: (userId: number, path: string) => Promise<void> };
type Fetcher = (userId: number, target: RefreshTarget) => Promise<void>;

const refreshers: Refresher[] = [];
let fallback: Fetcher = async () => {};

export function registerRefresher(matches: Refresher['matches'], run: Refresher['run']): () => void {
  const entry = { matches, run };
  refreshers.push(entry);
  return () => {
    const index = refreshers.indexOf(entry);
    if (index >= 0) refreshers.splice(index, 1);
  };
}

/** What fetches a read no feature claimed (the page fetches it through the api client). */
export function setDefaultRefresher(run: Fetcher): void {
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

/** Runs one refresh; a failure is logged, never thrown (the write or message is already stored). */
async function logged(label: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    console.warn(`Could not refresh ${label}`, error);
  }
}

/** Refreshes each distinct read the entries name once (see the header); never throws. */
export async function refreshReads(userId: number, entries: readonly string[]): Promise<void> {
  for (const entry of new Set(entries)) {
    const refresher = refreshers.find((candidate) => candidate.matches(entry));
    if (refresher) {
      await coalesced(`${userId} ${entry}`, () => logged(entry, () => refresher.run(userId, entry)));
      continue;
    }
    for (const target of await refreshTargets(userId, entry)) {
      const label = `${target.method} ${target.path}`;
      const key = `${userId} ${label} ${JSON.stringify(target.body ?? null)}`;
      await coalesced(key, () => logged(label, () => fallback(userId, target)));
    }
  }
}
