/**
 * The prefetcher's budget (prefetch.ts): how much it does at once and how much of the device it
 * may fill. Item reads share the user's read cache (MAX_ENTRIES_PER_USER rows) with the screens'
 * own reads: they keep to `maxStoredReads` of it by deleting the oldest item reads of the same
 * kinds, not the screens' own reads. Files are fetched only while the origin uses less than `maxUsage`
 * of its quota; recordings have their own budget (prefetch-files.ts RECORDINGS).
 */
import { db } from '../db/db';

export const PREFETCH = {
  concurrency: 2,
  freshForMs: 15 * 60_000,
  /** A stored PDF is fetched again after this long (its invoice may have changed). */
  fileFreshForMs: 24 * 3600_000,
  maxQueued: 80,
  /** Item reads kept in the user's read cache (of MAX_ENTRIES_PER_USER): the rest is the screens'. */
  maxStoredReads: 240,
  maxUsage: 0.8,
};

/** `/api/v1/campaigns/12/locations` -> `/api/v1/campaigns/:id/locations`: one kind of item read. */
export const familyOf = (url: string) =>
  new URL(url, 'http://local').pathname.replace(/\/\d+(?=\/|$)/g, '/:id');

export async function storageRoomy(): Promise<boolean> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate?.quota || estimate.usage === undefined) return true;
    return estimate.usage < estimate.quota * PREFETCH.maxUsage;
  } catch {
    return true;
  }
}

/**
 * Keeps item reads within PREFETCH.maxStoredReads: the oldest rows of the item kinds this run
 * fetches, stored before it started, are deleted to make room. False when none can go (full).
 */
export async function makeRoom(
  userId: number,
  families: Set<string>,
  started: number,
  /** Item reads on the way (room already made for them). */
  reserved = 0,
): Promise<boolean> {
  const rows = db.responses.where('user_id').equals(userId);
  const items = () => rows.clone().filter((row) => families.has(familyOf(row.url)));
  const count = (await items().count()) + reserved;
  if (count < PREFETCH.maxStoredReads) return true;
  const older = (await items().sortBy('stored_at')).filter((row) => row.stored_at < started);
  const excess = count - PREFETCH.maxStoredReads + 1;
  if (older.length < excess) return false;
  await db.responses.bulkDelete(older.slice(0, excess).map((row) => row.key));
  return true;
}
