/**
 * The outbox's short history: which changes reached the server today ("Sent today: 3 changes"),
 * so a user can check after the fact what went through.
 *
 * The outbox deletes a delivered item and keeps no record of it, so the history is kept beside it,
 * in the user's device storage (lib/device-storage.ts, cleared at sign-out with the rest of the
 * user's data), from two sightings of an item leaving the outbox:
 * - a Dexie 'deleting' hook on this page's outbox table (recordOutboxHistory): every delete made
 *   here, with the row as it was, recorded once its transaction has committed; it sees even a
 *   change sent the moment it was made;
 * - the outbox as the page watches it (useOutboxHistory in use-outbox-history.ts, a live query that
 *   also sees the service worker's deliveries on Background Sync): an item seen waiting and then
 *   gone.
 *
 * - Delivered = left the outbox while not refused (status other than 'failed') and not discarded by
 *   the user (noteDiscarded in delivery-confirmation.ts), while its user is still signed in (signing
 *   out deletes the outbox: that is not a delivery).
 * - Entries are keyed by the write's Idempotency-Key, so a delivery seen twice is one entry.
 * - A change the service worker delivers while no tab is open is not recorded.
 * - At most MAX_ENTRIES, none older than KEEP_MS: the history is "today", not an audit log.
 */
import type { Transaction } from 'dexie';
import type { OutboxItem } from '../../db/app-db';
import { db } from '../../db/db';
import { peekSession } from '../../db/session';
import { readUserItem, writeUserItem } from '../../lib/device-storage';
import { createEmitter } from '../../lib/store';
import { dayOfTime } from '../format';
import { wasDiscarded } from './delivery-confirmation';

export type SentEntry = { key: string; label: string; sent_at: number };

const NAME = 'outbox-sent';
const MAX_ENTRIES = 50;
const KEEP_MS = 2 * 24 * 3600_000;
const changed = createEmitter();

/** Subscribes to this tab's history changes; answers the unsubscribe. */
export const onHistoryChanged = changed.subscribe;

function isEntry(value: unknown): value is SentEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.key === 'string' && typeof entry.label === 'string' && typeof entry.sent_at === 'number'
  );
}

/** The user's recorded deliveries, newest first (stored data is never trusted: bad rows are dropped). */
export function readHistory(userId: number): SentEntry[] {
  try {
    const parsed: unknown = JSON.parse(readUserItem(userId, NAME) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** The history with `sent` added: deduplicated by key, newest first, pruned by age and count. */
export function addEntries(history: SentEntry[], sent: SentEntry[], now: number): SentEntry[] {
  const byKey = new Map<string, SentEntry>();
  for (const entry of [...sent, ...history]) if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  return [...byKey.values()]
    .filter((entry) => now - entry.sent_at <= KEEP_MS)
    .sort((a, b) => b.sent_at - a.sent_at)
    .slice(0, MAX_ENTRIES);
}

export function recordSent(userId: number, sent: SentEntry[], now = Date.now()): void {
  if (sent.length === 0) return;
  writeUserItem(userId, NAME, JSON.stringify(addEntries(readHistory(userId), sent, now)));
  changed.emit();
}

/** Whether an item leaving the outbox was delivered (see the header). */
export function wasDelivered(item: OutboxItem, discarded: (id: number) => boolean = wasDiscarded): boolean {
  if (peekSession().user_id !== item.user_id) return false;
  return item.status !== 'failed' && !(item.id !== undefined && discarded(item.id));
}

export const entryOf = (item: OutboxItem, now = Date.now()): SentEntry => ({
  key: item.idempotency_key,
  label: item.label,
  sent_at: now,
});

/** The items seen before and gone now that were delivered. */
export function departed(before: OutboxItem[], now: OutboxItem[]): OutboxItem[] {
  // By id: an edited item keeps its row (and id) under a new key.
  const present = new Set(now.map((item) => item.id));
  return before.filter((item) => !present.has(item.id) && wasDelivered(item));
}

/** The entries sent on the same day as `now` in the shown zone (the account's). */
export function sentToday(history: SentEntry[], now = Date.now()): SentEntry[] {
  const today = dayOfTime(now);
  return history.filter((entry) => dayOfTime(entry.sent_at) === today);
}

export const sentTodayText = (n: number) =>
  n === 0 ? 'Nothing sent yet today.' : `Sent today: ${n} ${n === 1 ? 'change' : 'changes'}`;

/** Starts recording deliveries; answers the stop. Mounted once (sync-layer.tsx). */
export function recordOutboxHistory(): () => void {
  const onDeleting = (_key: unknown, item: OutboxItem | undefined, tx: Transaction) => {
    if (!item || !wasDelivered(item)) return;
    const entry = entryOf(item);
    tx.on('complete', () => recordSent(item.user_id, [entry]));
  };
  db.outbox.hook('deleting', onDeleting);
  return () => db.outbox.hook('deleting').unsubscribe(onDeleting);
}
