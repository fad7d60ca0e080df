/**
 * The outbox's sender: delivers one user's queued writes, oldest first, and records each outcome.
 * Plain module (fetch, Dexie): the page runs it under a Web Lock, and so does the service worker on
 * a Background Sync event, so only one sender works at a time across tabs.
 *
 * Outcomes:
 * - 2xx: delivered; the item is deleted and `onDelivered` refreshes the reads it affects.
 * - no answer, timeout, 408, 429, 5xx: stays queued, retried after an exponential backoff with
 *   jitter (1 s .. 60 s). The queue stops there: a later write never overtakes an earlier one.
 * - 401/403: the item keeps its place and waits (paused_token) until a different token exists,
 *   i.e. the user signed in again; `onAuthFailure` lets the page end the session.
 * - any other 4xx: failed with the server's message, kept for the user; the queue goes on.
 * - older than the server keeps idempotency keys: failed, for the user to check (a replay could
 *   otherwise apply twice).
 * An item with files runs its upload steps first (outbox-files.ts), under the same outcomes; one
 * exchange's rules are outbox-request.ts. A delivered or discarded item's Blobs go with it.
 */
import type { OutboxItem } from '../db/app-db';
import { db } from '../db/db';
import type { Session } from '../db/session';
import { backoffMs } from '../lib/backoff';
import { deleteItem } from './outbox';
import { sendWithUploads } from './outbox-files';
import { type Outcome, sendItem } from './outbox-request';

export const BASE_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 60_000;
/** The server keeps idempotency keys 7 days (server/plugins/idempotency.ts); we stop a day short. */
export const MAX_ITEM_AGE_MS = 6 * 24 * 3600_000;
export const TOO_OLD_MESSAGE =
  'This change waited too long to be sent safely. Check it, then retry or discard it.';

/** A queued write's backoff: doubles from 1 s, capped at 60 s (the formula is lib/backoff.ts). */
export const OUTBOX_BACKOFF = { baseMs: BASE_BACKOFF_MS, maxMs: MAX_BACKOFF_MS };

export type SenderDeps = {
  getSession: () => Promise<Session>;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  timeoutMs?: number;
  /** Stops after the current item (a page going away). */
  signal?: AbortSignal;
  onDelivered?: (item: OutboxItem, data: unknown) => Promise<void> | void;
  onAuthFailure?: (item: OutboxItem, sentToken: string | null) => void;
  onProgress?: () => void;
};

export type FlushResult = {
  delivered: number;
  failed: number;
  /** When the head of the queue is due again (backoff), or null. */
  retryAt: number | null;
  paused: boolean;
  offline: boolean;
  /** The server answered at least one send (any status): the connection works. */
  answered: boolean;
};

async function record(item: OutboxItem, outcome: Outcome, now: number, random: number): Promise<void> {
  const id = item.id as number;
  if (outcome.kind === 'done') {
    // The write is delivered: its files' Blobs go with it.
    await db.transaction('rw', db.outbox, db.outboxFiles, () => deleteItem(item));
  } else if (outcome.kind === 'retry') {
    const wait = Math.max(backoffMs(item.attempts + 1, random, OUTBOX_BACKOFF), outcome.retryAfterMs ?? 0);
    await db.outbox.update(id, {
      status: 'queued',
      attempts: item.attempts + 1,
      error: outcome.error,
      next_attempt_at: now + Math.min(wait, MAX_BACKOFF_MS),
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

/** The next item to send: the oldest one not failed (an index walks equal keys in id order). */
function head(userId: number): Promise<OutboxItem | undefined> {
  return db.outbox
    .where('user_id')
    .equals(userId)
    .filter((item) => item.status !== 'failed')
    .first();
}

/** Sends the signed-in user's queue until it is empty, paused or waiting on a backoff. */
export async function flushOutbox(deps: SenderDeps): Promise<FlushResult> {
  const now = deps.now ?? Date.now;
  const result: FlushResult = {
    delivered: 0,
    failed: 0,
    retryAt: null,
    paused: false,
    offline: false,
    answered: false,
  };
  while (!deps.signal?.aborted) {
    const session = await deps.getSession();
    if (!session.token || session.user_id === null) break;
    const item = await head(session.user_id);
    if (!item?.id) break;
    if (item.paused_token && item.paused_token === session.token) {
      result.paused = true;
      break;
    }
    if (item.created_at < now() - MAX_ITEM_AGE_MS) {
      await db.outbox.update(item.id, { status: 'failed', error: TOO_OLD_MESSAGE });
      result.failed += 1;
      continue;
    }
    if (item.next_attempt_at > now()) {
      result.retryAt = item.next_attempt_at;
      break;
    }
    // Gone meanwhile (discarded, signed out): nothing to send.
    if (!(await db.outbox.update(item.id, { status: 'sending', paused_token: null }))) continue;
    deps.onProgress?.();
    const outcome = item.uploads?.length
      ? await sendWithUploads(item, session, deps)
      : await sendItem(item, session, deps);
    // The page went away mid-send: like a closed tab, leave the item 'sending' for the next sender.
    if (deps.signal?.aborted) break;
    await record(item, outcome, now(), (deps.random ?? Math.random)());
    deps.onProgress?.();
    if (outcome.kind !== 'retry' || !outcome.offline) result.answered = true;
    if (outcome.kind === 'done') {
      result.delivered += 1;
      try {
        await deps.onDelivered?.(item, outcome.data);
      } catch (error) {
        console.warn('Could not refresh after a delivered write', error);
      }
    } else if (outcome.kind === 'failed') {
      result.failed += 1;
    } else if (outcome.kind === 'paused') {
      result.paused = true;
      deps.onAuthFailure?.(item, outcome.token);
      break;
    } else {
      result.offline = outcome.offline;
      result.retryAt = (await db.outbox.get(item.id))?.next_attempt_at ?? null;
      break;
    }
  }
  return result;
}
