/**
 * The outbox sender's side of the rows (outbox-sender.ts sends; this module records): which writes
 * are still to send, claiming them ('sending') in a transaction of their own, putting back those
 * not sent, and storing each outcome with its retry time.
 *
 * - A claim reads the row as stored at that moment: an edit made before it (a new body under a new
 *   key, sync/outbox-edits.ts) is what goes; one made after it waits for the next send.
 * - A retry's wait doubles from 1 s with jitter (lib/backoff.ts) up to the caller's cap (60 s;
 *   15 s while the app is visible); a write that got no answer waits `probeMs` instead when given.
 *   Retry-After is honoured up to 60 s.
 * - An item older than the server keeps idempotency keys fails for the user to check: a replay
 *   could otherwise apply twice.
 */
import type { OutboxItem } from '../db/app-db';
import { db } from '../db/db';
import { backoffMs } from '../lib/backoff';
import { deleteItem } from './outbox';
import type { Outcome } from './outbox-request';

export const BASE_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 60_000;
/** The server keeps idempotency keys 7 days (server/plugins/idempotency.ts); we stop a day short. */
export const MAX_ITEM_AGE_MS = 6 * 24 * 3600_000;
export const TOO_OLD_MESSAGE =
  'This change waited too long to be sent safely. Check it, then retry or discard it.';

/** A queued write's backoff: doubles from 1 s, capped at 60 s (the formula is lib/backoff.ts). */
export const OUTBOX_BACKOFF = { baseMs: BASE_BACKOFF_MS, maxMs: MAX_BACKOFF_MS };

export type Limits = { maxBackoffMs: number; probeMs: number | null };

/** How long a write waits after a retry outcome (see the header). */
function retryWait(attempts: number, outcome: Outcome & { kind: 'retry' }, random: number, limits: Limits) {
  const cap = outcome.offline && limits.probeMs !== null ? limits.probeMs : limits.maxBackoffMs;
  const wait = Math.max(
    backoffMs(attempts, random, { ...OUTBOX_BACKOFF, maxMs: cap }),
    outcome.retryAfterMs ?? 0,
  );
  return Math.min(wait, MAX_BACKOFF_MS);
}

/** Stores a sent item's outcome: delivered (deleted with its files), retry, paused or failed. */
export async function record(
  item: OutboxItem,
  outcome: Outcome,
  now: number,
  random: number,
  limits: Limits,
): Promise<void> {
  const id = item.id as number;
  if (outcome.kind === 'done') {
    // The write is delivered: its files' Blobs go with it.
    await db.transaction('rw', db.outbox, db.outboxFiles, () => deleteItem(item));
  } else if (outcome.kind === 'retry') {
    await db.outbox.update(id, {
      status: 'queued',
      attempts: item.attempts + 1,
      error: outcome.error,
      next_attempt_at: now + retryWait(item.attempts + 1, outcome, random, limits),
    });
  } else if (outcome.kind === 'paused') {
    await db.outbox.update(id, { status: 'queued', error: outcome.error, paused_token: outcome.token });
  } else {
    await db.outbox.update(id, {
      status: 'failed',
      attempts: item.attempts + 1,
      error: outcome.error,
      field_errors: outcome.fieldErrors ?? null,
      conflict: outcome.conflict ?? null,
    });
  }
}

/** Whether an item waited longer than its key is kept (see the header). */
export const tooOld = (item: OutboxItem, now: number) => item.created_at < now - MAX_ITEM_AGE_MS;

/** Fails an item that waited too long, for the user to check. */
export async function failTooOld(item: OutboxItem): Promise<void> {
  await db.outbox.update(item.id as number, { status: 'failed', error: TOO_OLD_MESSAGE });
}

/** The user's writes still to send (failed ones wait for the user), oldest first. */
export function sendable(userId: number): Promise<OutboxItem[]> {
  return db.outbox
    .where('user_id')
    .equals(userId)
    .filter((item) => item.status !== 'failed')
    .toArray();
}

/**
 * Marks an item 'sending' and answers it as stored now (edited meanwhile: the new body and key go),
 * or nothing when it is gone or refused meanwhile (discarded, signed out).
 */
export function claim(id: number): Promise<OutboxItem | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    if (!item || item.status === 'failed') return undefined;
    await db.outbox.update(id, { status: 'sending', paused_token: null });
    return item;
  });
}

/** Claims several items at once (as claim does each); answers those still to send. */
export function claimMany(ids: number[]): Promise<OutboxItem[]> {
  return db.transaction('rw', db.outbox, async () => {
    const items = (await db.outbox.bulkGet(ids)).filter(
      (item): item is OutboxItem => item !== undefined && item.status !== 'failed',
    );
    for (const item of items)
      await db.outbox.update(item.id as number, { status: 'sending', paused_token: null });
    return items;
  });
}

/** Items claimed but not sent go back to waiting their turn. */
export async function requeue(items: OutboxItem[]): Promise<void> {
  await db.outbox.bulkUpdate(
    items.map((item) => ({ key: item.id as number, changes: { status: 'queued' } })),
  );
}

/** When an item is due again, as stored (null: gone). */
export const dueAt = async (item: OutboxItem) =>
  (await db.outbox.get(item.id as number))?.next_attempt_at ?? null;

/** The server is back: queued writes waiting on a backoff (but those in `keep`) are due now. */
export async function liftBackoffs(userId: number, now: number, keep: ReadonlySet<number>): Promise<void> {
  await db.outbox
    .where('[user_id+status]')
    .equals([userId, 'queued'])
    .filter((item) => item.next_attempt_at > now && !keep.has(item.id as number))
    .modify({ next_attempt_at: now });
}
