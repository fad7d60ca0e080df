/**
 * Deleting what this device holds for a user: the per-user Dexie tables, the Cache Storage
 * caches that hold user data, and the user's Web Storage keys (lib/device-storage.ts: every key
 * but the device's own).
 *
 * The privacy rule on a shared device:
 * - Sign-out deletes every per-user table (every table of the schema but the session: cached
 *   reads, outbox and its files, live messages, notifications, the live effects and any added
 *   later), every cache but the app's own code and images (the precache and the asset cache,
 *   db/cache-names.ts: no user data) and every Web Storage key but the device's own:
 *   deleteUserData() does all three.
 * - Session expiry deletes the same, except the outbox (`keepOutbox`): it holds the user's unsent
 *   changes, which replay under the new token once THE SAME user signs in again. Outbox rows carry
 *   user_id; the sender and every screen only ever read the signed-in user's rows, and
 *   `purgeOtherUsers` (run whenever the signed-in user changes, and at start-up) deletes every row
 *   of any other user (and their Web Storage keys), so a different user signing in never sees,
 *   nor sends, the previous one's.
 *   At start-up it runs once the first screen is up (sync/sync-engine.ts), in small batches.
 */
import type Dexie from 'dexie';
import { clearUserStorage } from '../lib/device-storage';
import { DEVICE_TABLES, OUTBOX_TABLES } from './app-db';
import { isAppCache } from './cache-names';
import { db as appDb } from './db';

/**
 * The per-user tables, read from the schema: every table but the device's own (DEVICE_TABLES).
 * A table added in a new version is wiped without being listed anywhere; one without a `user_id`
 * index fails here (and in test/unit/db/user-data.test.ts), since its rows could not be told apart.
 */
export function perUserTables(database: Dexie = appDb) {
  const tables = database.tables.filter((table) => !DEVICE_TABLES.includes(table.name));
  const unindexed = tables.filter((table) => !table.schema.idxByName.user_id);
  if (unindexed.length > 0)
    throw new Error(`Per-user tables need a user_id index: ${unindexed.map((t) => t.name).join(', ')}`);
  return tables;
}

export async function clearUserTables({ keepOutbox = false } = {}, database: Dexie = appDb): Promise<void> {
  const tables = perUserTables(database).filter(
    (table) => !(keepOutbox && OUTBOX_TABLES.includes(table.name)),
  );
  await database.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()));
  });
}

/** Rows deleted per transaction by purgeOtherUsers: a screen's read waits for one batch at most. */
export const PURGE_BATCH = 200;

/**
 * Deletes every per-user row that does not belong to `userId`. With nobody signed in (null) the
 * outbox is kept, for the expired user's return; everything else goes.
 *
 * Table by table, `batch` rows per transaction: a read of the signed-in user's rows (the first
 * screen's) queues behind one short batch, never behind the whole clean-up. Screens only ever
 * read the signed-in user's rows, so nothing of anyone else shows while the purge runs.
 */
export async function purgeOtherUsers(
  userId: number | null,
  database: Dexie = appDb,
  {
    batch = PURGE_BATCH,
    /** Asked before each batch: false stops the purge (the signed-in user has changed since). */
    current = () => true,
  }: { batch?: number; current?: () => boolean } = {},
): Promise<void> {
  clearUserStorage(userId);
  for (const table of perUserTables(database)) {
    if (userId === null && OUTBOX_TABLES.includes(table.name)) continue;
    const others = () => (userId === null ? table.toCollection() : table.where('user_id').notEqual(userId));
    for (;;) {
      if (!current()) return;
      const deleted = await database.transaction('rw', table, async () => {
        const keys = await others().limit(batch).primaryKeys();
        await table.bulkDelete(keys);
        return keys.length;
      });
      if (deleted < batch) break;
    }
  }
}

export async function clearUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !isAppCache(name)).map((name) => caches.delete(name)));
}

/**
 * Everything of the user on this device: the per-user tables (the outbox kept when asked, for
 * session expiry), the user caches and the Web Storage keys. Sign-out and session expiry use this.
 */
export async function deleteUserData({ keepOutbox = false } = {}): Promise<void> {
  clearUserStorage();
  await Promise.all([clearUserTables({ keepOutbox }), clearUserCaches()]);
}
