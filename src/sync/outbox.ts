/**
 * Outbox: every write the user makes waits here until the server has answered it.
 *
 * - enqueue() runs inside the caller's Dexie transaction (when there is one), so local state never
 *   changes without its pending request: include `db.outbox` in that transaction.
 * - A tap followed at once by a full page load keeps its write: from the moment enqueue() (or
 *   queueWrite()) is called until the transaction commits, the write is also in a synchronous
 *   journal (outbox-journal.ts) that the next start replays. queueWrite() journals before its
 *   first await, so a handler calling it loses nothing even when the page goes away in the same
 *   task; enqueue() called after the caller's own awaits is covered from that call on. A write is
 *   in at most one row: add() skips a key the outbox already holds (a replay got there first).
 * - Items are sent first-in, first-out per record, records side by side (outbox-sender.ts,
 *   outbox-order.ts), with their Idempotency-Key; headers are built at send time. A 4xx marks the item failed and keeps it for the user (retry, edit
 *   or discard here); nothing is ever dropped silently.
 * - A write names what it is about with a tag ({type, id}) so screens find it without parsing
 *   URLs (use-pending-writes.ts); a write carrying files goes in through outbox-files.ts.
 * - Money and identity actions (paying, adding a card, sign-in, sign-up, password change) never
 *   come here: they need a connection (see requireConnection in connectivity-guard.ts).
 */

import Dexie, { type Table } from 'dexie';
import { type OutboxBody, type OutboxItem, type OutboxPart, type OutboxTag, tagKey } from '../db/app-db';
import { db } from '../db/db';
import { createEmitter } from '../lib/store';
import { journalWrite } from './outbox-journal';
import type { StoredField } from './outbox-versions';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type EnqueueInput = {
  userId: number;
  method: WriteMethod;
  /** Path under the API base, e.g. `/notifications/12`. */
  path: string;
  /** A JSON value, or FormData (files are kept as Blobs), or nothing. */
  body?: unknown;
  /** What the user did, shown in the Outbox panel. */
  label: string;
  /** GET paths whose cached answers this write changes, refreshed once delivered. */
  refresh?: string[];
  idempotencyKey?: string;
  /** What the write is about ({type: 'lead-review', id: 123}): screens find it by tag (use-pending-writes.ts). */
  tag?: OutboxTag;
  /** Where a journal replay reads the version the write is based on (queueWrite; outbox-versions.ts). */
  versionFrom?: StoredField;
};

/** A random key for one write, also outside secure contexts (where randomUUID is missing). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A body as stored: JSON as is, FormData as parts whose files stay Blobs (with their names). */
export function toOutboxBody(body: unknown): OutboxBody {
  if (body === undefined || body === null) return { kind: 'none' };
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const parts: OutboxPart[] = [];
    body.forEach((value, name) => {
      if (typeof value === 'string') parts.push({ name, value });
      else parts.push({ name, blob: value, filename: (value as File).name || 'file' });
    });
    return { kind: 'multipart', parts };
  }
  return { kind: 'json', json: body };
}

const enqueued = createEmitter();

/** Called after an item is durably queued (after the caller's transaction commits). */
export const onEnqueued = enqueued.subscribe;

const announce = () => enqueued.emit();

/** Queues a write. Answers the item's id (its place in the send order). */
export async function enqueue(input: EnqueueInput, now = Date.now()): Promise<number> {
  return add(toItem(input, now));
}

/** The row a write is stored as. */
export function toItem(input: EnqueueInput, now: number): OutboxItem {
  return {
    user_id: input.userId,
    idempotency_key: input.idempotencyKey ?? newIdempotencyKey(),
    method: input.method,
    url: input.path,
    body: toOutboxBody(input.body),
    label: input.label,
    status: 'queued',
    attempts: 0,
    error: null,
    created_at: now,
    next_attempt_at: now,
    paused_token: null,
    refresh: input.refresh ?? [],
    ...(input.tag ? { tag: input.tag, tag_key: tagKey(input.tag) } : {}),
  };
}

/**
 * Stores an item (inside the caller's transaction when there is one) and wakes the sender after.
 * The item is journaled from this call until the transaction commits (see the header); `clear`:
 * the journal entry a caller made already (queueWrite).
 */
export async function add(item: OutboxItem, clear: () => void = journalWrite(item)): Promise<number> {
  const tx = Dexie.currentTransaction;
  const inCallers = tx !== null && tx.db === db;
  try {
    // A replayed journal (another tab's start) may have queued this very write already.
    const existing = await db.outbox.where('idempotency_key').equals(item.idempotency_key).first();
    const id = existing?.id ?? ((await db.outbox.add(item)) as number);
    if (inCallers) {
      tx.on('complete', () => {
        clear();
        announce();
      });
      // The caller gave up (an error after this): the write was never made, its entry goes too.
      tx.on('abort', clear);
    } else {
      clear();
      announce();
    }
    return id;
  } catch (error) {
    if (!inCallers) clear();
    throw error;
  }
}

/**
 * Queues a write with the local change it goes with, in one transaction over `db.outbox` and
 * `tables`. The write is journaled before anything is awaited, so a handler that calls this keeps
 * the write even when a page load follows in the same task. `change` runs in the transaction and
 * answers what became of the write: true, queue `item` (which it may amend, e.g. the version its
 * body is based on); false, nothing to do (not queued, not kept in the journal); a number, an
 * existing item took it under `item`'s Idempotency-Key (so a journal replay finds it there).
 * Answers the item's id, or null.
 */
export function queueWrite(
  input: EnqueueInput,
  tables: Table[],
  change: (item: OutboxItem) => Promise<boolean | number>,
  now = Date.now(),
): Promise<number | null> {
  const item = toItem(input, now);
  const clear = journalWrite(item, input.versionFrom);
  return db
    .transaction('rw', [db.outbox, ...tables], async () => {
      const made = await change(item);
      if (made === false) {
        clear();
        return null;
      }
      if (made === true) return add(item, clear);
      Dexie.currentTransaction?.on('complete', clear);
      return made;
    })
    .catch((error: unknown) => {
      clear();
      throw error;
    });
}

/** One user's items in send order. */
export async function listOutbox(userId: number): Promise<OutboxItem[]> {
  const items = await db.outbox.where('user_id').equals(userId).toArray();
  return items.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

/** Sends a failed (or waiting) item again as soon as possible, keeping its key. */
export async function retryItem(id: number, now = Date.now()): Promise<void> {
  await db.outbox.update(id, { status: 'queued', error: null, next_attempt_at: now, paused_token: null });
  announce();
}

/** Gives up on an item: it is deleted (with its files) and never sent. Answers it, so its reads can be refreshed. */
export async function discardItem(id: number): Promise<OutboxItem | undefined> {
  return db.transaction('rw', db.outbox, db.outboxFiles, async () => {
    const item = await db.outbox.get(id);
    await deleteItem(item);
    return item;
  });
}

/** Deletes an item and the Blobs of its uploads (call inside a transaction over both tables). */
export async function deleteItem(item: OutboxItem | undefined): Promise<void> {
  if (item?.id === undefined) return;
  await db.outbox.delete(item.id);
  const files = (item.uploads ?? []).map((upload) => upload.file_id);
  if (files.length > 0) await db.outboxFiles.bulkDelete(files);
}

/** Replaces a kept item's body (the user edited it) and queues it again under a NEW key. */
export async function editItem(
  id: number,
  body: unknown,
  now = Date.now(),
  key = newIdempotencyKey(),
): Promise<void> {
  await db.outbox.update(id, {
    body: toOutboxBody(body),
    idempotency_key: key,
    status: 'queued',
    error: null,
    field_errors: null,
    next_attempt_at: now,
    paused_token: null,
  });
  announce();
}

/** Every queued item of a user becomes due now (the connection came back). */
export async function resetBackoff(userId: number, now = Date.now()): Promise<void> {
  await db.outbox
    .where('[user_id+status]')
    .equals([userId, 'queued'])
    .modify((item) => {
      item.next_attempt_at = Math.min(item.next_attempt_at, now);
    });
}
