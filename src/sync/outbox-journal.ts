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
import { type OutboxItem, tagKey } from '../db/app-db';
import { db } from '../db/db';
import { readUserItem, writeUserItem } from '../lib/device-storage';
import {
  type StoredField,
  storedFieldVersion,
  versionAfter,
  versionIn,
  withVersion,
} from './outbox-versions';

/** An entry: the write as it would be queued, and where its version is read again at replay. */
type Entry = OutboxItem & { version_from?: StoredField };

const JOURNAL = 'outbox-journal';

/** Entries as stored; anything unreadable counts as none (persisted data is never trusted). */
function entries(userId: number): Entry[] {
  try {
    const parsed: unknown = JSON.parse(readUserItem(userId, JOURNAL) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is Entry =>
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

function store(userId: number, items: Entry[]): void {
  writeUserItem(userId, JOURNAL, JSON.stringify(items));
}

/** Whether a write can be journaled: a JSON body or none (Blobs do not fit in Web Storage). */
const journalable = (item: OutboxItem) => item.body.kind !== 'multipart' && !item.uploads?.length;

/**
 * Notes a write before its transaction runs (synchronously: call it in the tap's own task).
 * Answers the function that clears the note once the transaction has committed or given up.
 */
export function journalWrite(item: OutboxItem, versionFrom?: StoredField): () => void {
  if (!journalable(item)) return () => undefined;
  const { id: _unsaved, ...row } = item;
  store(item.user_id, [...entries(item.user_id), versionFrom ? { ...row, version_from: versionFrom } : row]);
  return () => clearEntry(item.user_id, item.idempotency_key);
}

function clearEntry(userId: number, key: string): void {
  const kept = entries(userId).filter((item) => item.idempotency_key !== key);
  store(userId, kept);
}

/** The journal's entries of a user (tests, and the replay). */
export const journaled = (userId: number): Entry[] => entries(userId);

/**
 * Puts every journaled write of the user that is not in the outbox into it (oldest first), then
 * clears those entries. Answers how many were queued again. Run at start, before the first send.
 *
 * A write about a record is based again on what this device knows now (the transaction that would
 * have done so never committed): the stored read's version when the entry names one, then after
 * the unsent writes about the same record (queued behind them, never refused as a conflict with
 * them).
 */
export async function replayJournal(userId: number): Promise<number> {
  const found = entries(userId);
  if (found.length === 0) return 0;
  const added = await db.transaction('rw', db.outbox, db.responses, async () => {
    let count = 0;
    for (const entry of found) {
      const queued = await db.outbox.where('idempotency_key').equals(entry.idempotency_key).count();
      if (queued > 0) continue;
      const { version_from: from, ...item } = entry;
      await db.outbox.add({ ...(await rebased(item, from)), status: 'queued', next_attempt_at: Date.now() });
      count += 1;
    }
    return count;
  });
  for (const item of found) clearEntry(userId, item.idempotency_key);
  return added;
}

async function rebased(item: OutboxItem, from: StoredField | undefined): Promise<OutboxItem> {
  if (!item.tag || item.body.kind !== 'json' || typeof item.body.json !== 'object' || !item.body.json)
    return item;
  const readable = typeof from?.path === 'string' && Array.isArray(from.field);
  const read = (readable ? await storedFieldVersion(item.user_id, from) : undefined) ?? versionIn(item.body);
  const ahead = await db.outbox
    .where('[user_id+tag_key]')
    .equals([item.user_id, tagKey(item.tag)])
    .sortBy('id');
  const version = versionAfter(ahead, read);
  return { ...item, body: { kind: 'json', json: withVersion(item.body.json, version) } };
}
