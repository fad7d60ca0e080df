/**
 * Deleting what this device holds for a user: the per-user Dexie tables and the Cache Storage
 * caches that hold user data.
 *
 * The privacy rule on a shared device:
 * - Sign-out deletes every per-user table (cached reads, outbox, live messages, notifications and
 *   the live effects) and every cache but the app shell's precache (`workbox-precache-*`, which
 *   holds no user data).
 * - Session expiry deletes the same, except the outbox (`keepOutbox`): it holds the user's unsent
 *   changes, which replay under the new token once THE SAME user signs in again. Outbox rows carry
 *   user_id; the sender and every screen only ever read the signed-in user's rows, and
 *   `purgeOtherUsers` (run whenever the signed-in user changes, and at start-up) deletes every row
 *   of any other user, so a different user signing in never sees, nor sends, the previous one's.
 */
import { PER_USER_TABLES } from './app-db';
import { db } from './db';

export async function clearUserTables({ keepOutbox = false } = {}): Promise<void> {
  const tables = PER_USER_TABLES.filter((name) => !(keepOutbox && name === 'outbox')).map((name) => db[name]);
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()));
  });
}

/**
 * Deletes every per-user row that does not belong to `userId`. With nobody signed in (null) the
 * outbox is kept, for the expired user's return; everything else goes.
 */
export async function purgeOtherUsers(userId: number | null): Promise<void> {
  const tables = PER_USER_TABLES.map((name) => db[name]);
  await db.transaction('rw', tables, async () => {
    for (const name of PER_USER_TABLES) {
      if (userId === null && name === 'outbox') continue;
      const table = db[name];
      if (userId === null) await table.clear();
      else await table.where('user_id').notEqual(userId).delete();
    }
  });
}

export async function clearUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)),
  );
}
