/**
 * The outbox's write-ahead journal: a queued write is also noted, synchronously, in the user's
 * Web Storage (lib/device-storage.ts) from the moment it is queued until its IndexedDB transaction
 * has committed. A full page load in the same task as the tap (a link, a reload, the home-screen
 * icon) aborts the transaction that was still running (Chromium closes the page's database
 * connection); Web Storage's write is already the browser's. The next start puts what the journal
 * still holds into the outbox (`replayJournal`).
 *
 * - A write is in at most one outbox row: the row is added only when no row has its Idempotency-Key
 *   (outbox.ts `add` checks the same inside its transaction), so a journal replayed by another tab
 *   while the transaction still runs, or after it committed, never queues it twice. An entry whose
 *   write was delivered and deleted before its entry was cleared is sent again under the same key:
 *   the server answers it with the stored answer, never applies it twice.
 * - Only the request is journaled (JSON bodies; a write carrying files is stored by outbox-files.ts
 *   before its dialog closes). The local copy of a replayed write (a notification shown read) comes
 *   back from the server's answer once it is delivered; meanwhile screens mark it pending by its tag.
 * - Storage refused (private mode, full, the service worker): no journal, the transaction alone.
 */
import type { OutboxItem } from '../db/app-db';
import { db } from '../db/db';
import { readUserItem, writeUserItem } from '../lib/device-storage';

const JOURNAL = 'outbox-journal';

/** Entries as stored; anything unreadable counts as none (persisted data is never trusted). */
function entries(userId: number): OutboxItem[] {
  try {
    const parsed: unknown = JSON.parse(readUserItem(userId, JOURNAL) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is OutboxItem =>
            typeof item === 'object' &&
            item !== null &&
            (item as OutboxItem).user_id === userId &&
            typeof (item as OutboxItem).idempotency_key === 'string' &&
            typeof (item as OutboxItem).url === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function store(userId: number, items: OutboxItem[]): void {
  writeUserItem(userId, JOURNAL, JSON.stringify(items));
}

/** Whether a write can be journaled: a JSON body or none (Blobs do not fit in Web Storage). */
const journalable = (item: OutboxItem) => item.body.kind !== 'multipart' && !item.uploads?.length;

/**
 * Notes a write before its transaction runs (synchronously: call it in the tap's own task).
 * Answers the function that clears the note once the transaction has committed or given up.
 */
export function journalWrite(item: OutboxItem): () => void {
  if (!journalable(item)) return () => undefined;
  const { id: _unsaved, ...row } = item;
  store(item.user_id, [...entries(item.user_id), row]);
  return () => clearEntry(item.user_id, item.idempotency_key);
}

function clearEntry(userId: number, key: string): void {
  const kept = entries(userId).filter((item) => item.idempotency_key !== key);
  store(userId, kept);
}

/** The journal's entries of a user (tests, and the replay). */
export const journaled = (userId: number): OutboxItem[] => entries(userId);

/**
 * Puts every journaled write of the user that is not in the outbox into it (oldest first), then
 * clears those entries. Answers how many were queued again. Run at start, before the first send.
 */
export async function replayJournal(userId: number): Promise<number> {
  const found = entries(userId);
  if (found.length === 0) return 0;
  const added = await db.transaction('rw', db.outbox, async () => {
    let count = 0;
    for (const item of found) {
      const queued = await db.outbox.where('idempotency_key').equals(item.idempotency_key).count();
      if (queued > 0) continue;
      await db.outbox.add({ ...item, status: 'queued', next_attempt_at: Date.now() });
      count += 1;
    }
    return count;
  });
  for (const item of found) clearEntry(userId, item.idempotency_key);
  return added;
}
