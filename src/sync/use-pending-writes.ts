/**
 * "Is this row pending or failed, and why": the writes about one thing, found by the tag set at
 * enqueue ({type: 'lead-review', id: 123}) through the [user_id+tag_key] index, never by parsing
 * URLs. Reads Dexie through useLiveQuery, so a write queued, sent or refused in any tab (or by the
 * service worker) shows everywhere. Only the signed-in user's rows are ever read.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { type OutboxItem, type OutboxTag, tagKey } from '../db/app-db';
import { db } from '../db/db';
import { useSession } from '../db/use-session';

export type PendingWrites = {
  /** The writes about the thing, oldest first (send order). */
  items: OutboxItem[];
  /** The newest of them (the one a screen edits or discards), if any. */
  latest: OutboxItem | undefined;
  /** At least one still waits or is on the wire. */
  pending: boolean;
  /** The newest refused one and the server's reason, if any. */
  failed: { item: OutboxItem; error: string } | null;
};

const byId = (a: OutboxItem, b: OutboxItem) => (a.id ?? 0) - (b.id ?? 0);

/** A user's writes about one thing, oldest first. */
export async function writesFor(userId: number, tag: OutboxTag): Promise<OutboxItem[]> {
  const items = await db.outbox
    .where('[user_id+tag_key]')
    .equals([userId, tagKey(tag)])
    .toArray();
  return items.sort(byId);
}

/** A user's writes about any thing of one type ('lead-review'), oldest first. */
export async function writesOfType(userId: number, type: string): Promise<OutboxItem[]> {
  const prefix = `${type}:`;
  const items = await db.outbox
    .where('[user_id+tag_key]')
    .between([userId, prefix], [userId, `${prefix}\uffff`])
    .toArray();
  return items.sort(byId);
}

/** What the rows of a tag say, as a screen shows it. */
function summarizeWrites(items: OutboxItem[]): PendingWrites {
  const failedItems = items.filter((item) => item.status === 'failed');
  const last = failedItems[failedItems.length - 1];
  return {
    items,
    latest: items[items.length - 1],
    pending: items.some((item) => item.status !== 'failed'),
    failed: last ? { item: last, error: last.error ?? '' } : null,
  };
}

const none = summarizeWrites([]);

/** The signed-in user's writes about `tag` (null: nothing to ask about). */
export function usePendingWrites(tag: OutboxTag | null): PendingWrites {
  const { user_id: userId } = useSession();
  const key = tag ? tagKey(tag) : null;
  return useLiveQuery(
    async () => (userId === null || tag === null ? none : summarizeWrites(await writesFor(userId, tag))),
    // The key stands for the tag: a new object with the same type and id asks the same question.
    [userId, key],
    none,
  );
}
