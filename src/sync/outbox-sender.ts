/**
 * The outbox's sender: delivers one user's queued writes and records each outcome. Plain module
 * (fetch, Dexie): the page runs it under a Web Lock, and so does the service worker on a
 * Background Sync event, so only one sender works at a time across tabs.
 *
 * Order (outbox-order.ts): first-in, first-out per record; writes about different records go side
 * by side, at most SEND_CONCURRENCY on the wire. A flush's first write goes alone: only once the
 * server has answered does the rest follow, so a dead connection costs one request, not six.
 *
 * Outcomes:
 * - 2xx: delivered; the item is deleted and `onDelivered` refreshes the reads it affects.
 * - no answer, timeout: stays queued, retried after an exponential backoff with jitter (1 s .. 60 s;
 *   `maxBackoffMs`, 15 s while the app is visible); nothing new starts (the connection is gone).
 *   With `probeMs` (the page while visible) a write that got no answer is tried again after that
 *   instead: the one request that finds the server back, so a queue is sent within about a second
 *   of its return however long it was away. 408, 429, 5xx: the backoff, Retry-After honoured up to
 *   60 s, but only that record stops: its later writes never overtake it, other records go on.
 * - The server's return lifts every backoff: once a write is delivered, the writes still waiting on
 *   a backoff set before this flush are due at once (a record's head no longer waits out 50 s while
 *   later records go); one that failed again in this flush keeps its own.
 * - 401/403: the item keeps its place and waits (paused_token) until a different token exists,
 *   i.e. the user signed in again; nothing new starts, and no write is sent while one waits so;
 *   `onAuthFailure` lets the page end the session.
 * - any other 4xx: failed with the server's message, kept for the user; the queue goes on.
 * - older than the server keeps idempotency keys: failed, for the user to check (a replay could
 *   otherwise apply twice).
 * An item with files runs its upload steps first (outbox-files.ts), under the same outcomes; one
 * exchange's rules are outbox-request.ts. A delivered or discarded item's Blobs go with it.
 */

import { BATCH_MAX_ITEMS } from '../api/contracts/batch';
import type { OutboxItem } from '../db/app-db';
import { db } from '../db/db';
import type { Session } from '../db/session';
import { backoffMs } from '../lib/backoff';
import { deleteItem } from './outbox';
import { sendWithUploads } from './outbox-files';
import { SendPlan } from './outbox-order';
import { batchable, type Outcome, sendBatch, sendItem } from './outbox-request';

export const BASE_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 60_000;
/** The backoff's cap while the app is visible: someone is looking at the queue. */
export const VISIBLE_MAX_BACKOFF_MS = 15_000;
/** While visible, how soon a write that got no answer is tried again (see the header). */
export const PROBE_MS = 1000;
/** The server keeps idempotency keys 7 days (server/plugins/idempotency.ts); we stop a day short. */
export const MAX_ITEM_AGE_MS = 6 * 24 * 3600_000;
export const TOO_OLD_MESSAGE =
  'This change waited too long to be sent safely. Check it, then retry or discard it.';

/** A queued write's backoff: doubles from 1 s, capped at 60 s (the formula is lib/backoff.ts). */
export const OUTBOX_BACKOFF = { baseMs: BASE_BACKOFF_MS, maxMs: MAX_BACKOFF_MS };
/** Writes on the wire at once: a browser opens at most six connections to one server anyway. */
export const SEND_CONCURRENCY = 6;

export type SenderDeps = {
  getSession: () => Promise<Session>;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  timeoutMs?: number;
  /** Writes on the wire at once (SEND_CONCURRENCY; 1 sends one at a time). */
  concurrency?: number;
  /**
   * Runs of writes go in one request (POST /outbox/batch, up to BATCH_MAX_ITEMS), each with its
   * own key and outcome; writes with files go alone. The page's and the worker's senders set it.
   */
  batch?: boolean;
  /** Stops after the current items (a page going away). */
  signal?: AbortSignal;
  /** The backoff's cap (MAX_BACKOFF_MS; VISIBLE_MAX_BACKOFF_MS while the app is visible). */
  maxBackoffMs?: number;
  /** A write that got no answer is tried again after this, not its backoff (the visible page: PROBE_MS). */
  probeMs?: number | null;
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

type Limits = { maxBackoffMs: number; probeMs: number | null };

/** How long a write waits after a retry outcome (see the header). */
function retryWait(attempts: number, outcome: Outcome & { kind: 'retry' }, random: number, limits: Limits) {
  const cap = outcome.offline && limits.probeMs !== null ? limits.probeMs : limits.maxBackoffMs;
  const wait = Math.max(
    backoffMs(attempts, random, { ...OUTBOX_BACKOFF, maxMs: cap }),
    outcome.retryAfterMs ?? 0,
  );
  return Math.min(wait, MAX_BACKOFF_MS);
}

async function record(
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

/** The user's writes still to send (failed ones wait for the user), oldest first. */
function sendable(userId: number): Promise<OutboxItem[]> {
  return db.outbox
    .where('user_id')
    .equals(userId)
    .filter((item) => item.status !== 'failed')
    .toArray();
}

/** Claims several items at once (as claim does each); answers those still to send. */
function claimMany(ids: number[]): Promise<OutboxItem[]> {
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
async function requeue(items: OutboxItem[]): Promise<void> {
  await db.outbox.bulkUpdate(
    items.map((item) => ({ key: item.id as number, changes: { status: 'queued' } })),
  );
}

/**
 * Marks an item 'sending' and answers it as stored now (edited meanwhile: the new body and key go),
 * or nothing when it is gone or refused meanwhile (discarded, signed out).
 */
function claim(id: number): Promise<OutboxItem | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    if (!item || item.status === 'failed') return undefined;
    await db.outbox.update(id, { status: 'sending', paused_token: null });
    return item;
  });
}

/** The server is back: queued writes waiting on a backoff (but those in `keep`) are due now. */
async function liftBackoffs(userId: number, now: number, keep: ReadonlySet<number>): Promise<void> {
  await db.outbox
    .where('[user_id+status]')
    .equals([userId, 'queued'])
    .filter((item) => item.next_attempt_at > now && !keep.has(item.id as number))
    .modify({ next_attempt_at: now });
}

const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/** Sends the signed-in user's queue until it is empty, paused, offline or waiting on backoffs. */
export async function flushOutbox(deps: SenderDeps): Promise<FlushResult> {
  const now = deps.now ?? Date.now;
  const limit = Math.max(1, deps.concurrency ?? SEND_CONCURRENCY);
  const result: FlushResult = {
    delivered: 0,
    failed: 0,
    retryAt: null,
    paused: false,
    offline: false,
    answered: false,
  };
  const refreshes: Promise<void>[] = [];
  const limits: Limits = { maxBackoffMs: deps.maxBackoffMs ?? MAX_BACKOFF_MS, probeMs: deps.probeMs ?? null };
  // Writes that failed again in this flush keep their backoff when the server's return lifts the rest.
  const retried = new Set<number>();
  let lifted = false;
  let replan = false;
  // Paused, offline, signed out or the page leaving: nothing new starts.
  let stopped = false;
  let batching = deps.batch === true;

  /** Sends one item of the plan and records its outcome. */
  async function deliver(plan: SendPlan, queued: OutboxItem): Promise<void> {
    const session = await deps.getSession();
    if (!session.token || session.user_id !== queued.user_id) {
      stopped = true;
      return plan.settle(queued);
    }
    if (queued.created_at < now() - MAX_ITEM_AGE_MS) {
      await db.outbox.update(queued.id as number, { status: 'failed', error: TOO_OLD_MESSAGE });
      result.failed += 1;
      return plan.settle(queued);
    }
    const item = stopped ? undefined : await claim(queued.id as number);
    if (!item) return plan.settle(queued);
    if (stopped) {
      // A 401 or a lost connection arrived while this one was being claimed: it waits its turn.
      await db.outbox.update(item.id as number, { status: 'queued' });
      return plan.settle(item);
    }
    deps.onProgress?.();
    const outcome = item.uploads?.length
      ? await sendWithUploads(item, session, deps)
      : await sendItem(item, session, deps);
    // The page went away mid-send: like a closed tab, leave the item 'sending' for the next sender.
    if (deps.signal?.aborted) {
      stopped = true;
      return;
    }
    await settleOutcome(plan, item, outcome);
  }

  /** Records a sent item's outcome and settles it in the plan. */
  async function settleOutcome(plan: SendPlan, item: OutboxItem, outcome: Outcome): Promise<void> {
    await record(item, outcome, now(), (deps.random ?? Math.random)(), limits);
    deps.onProgress?.();
    if (outcome.kind !== 'retry' || !outcome.offline) result.answered = true;
    if (outcome.kind === 'retry' && !outcome.offline) retried.add(item.id as number);
    if (outcome.kind === 'done') {
      result.delivered += 1;
      if (!lifted) {
        // The server is back: the round stops taking writes, and the next one, planned after the
        // backoffs are lifted, sends whatever waits (in batches) at once.
        lifted = true;
        replan = true;
      }
      plan.settle(item);
      refreshes.push(
        (async () => deps.onDelivered?.(item, outcome.data))().catch((error: unknown) =>
          console.warn('Could not refresh after a delivered write', error),
        ),
      );
    } else if (outcome.kind === 'failed') {
      result.failed += 1;
      plan.settle(item);
    } else if (outcome.kind === 'paused') {
      plan.settle(item);
      if (!result.paused) deps.onAuthFailure?.(item, outcome.token);
      result.paused = true;
      stopped = true;
    } else {
      const at = (await db.outbox.get(item.id as number))?.next_attempt_at ?? null;
      plan.settle(item, { at });
      result.retryAt = earliest(result.retryAt, at);
      if (outcome.offline) {
        result.offline = true;
        stopped = true;
      }
    }
  }

  /** Sends a run of the plan in one batch request and settles each of its items. */
  async function deliverBatch(plan: SendPlan, run: OutboxItem[]): Promise<void> {
    const session = await deps.getSession();
    const fresh: OutboxItem[] = [];
    for (const queued of run) {
      if (!session.token || session.user_id !== queued.user_id) {
        stopped = true;
        plan.settle(queued);
      } else if (queued.created_at < now() - MAX_ITEM_AGE_MS) {
        await db.outbox.update(queued.id as number, { status: 'failed', error: TOO_OLD_MESSAGE });
        result.failed += 1;
        plan.settle(queued);
      } else fresh.push(queued);
    }
    const items = stopped ? [] : await claimMany(fresh.map((queued) => queued.id as number));
    const claimed = new Set(items.map((item) => item.id));
    for (const queued of fresh) if (!claimed.has(queued.id)) plan.settle(queued);
    if (items.length === 0) return;
    if (stopped) {
      await requeue(items);
      for (const item of items) plan.settle(item);
      return;
    }
    deps.onProgress?.();
    const outcomes = await sendBatch(items, session, deps);
    if (deps.signal?.aborted) {
      stopped = true;
      return;
    }
    if (outcomes === 'unsupported') {
      // An older server: these go one by one, from the next round on.
      batching = false;
      await requeue(items);
      for (const item of items) plan.settle(item, { at: null });
      return;
    }
    for (const [index, item] of items.entries()) {
      const outcome = outcomes[index];
      if (outcome) {
        await settleOutcome(plan, item, outcome);
      } else {
        // Not sent: the server stopped before it. It goes again in the next round.
        await requeue([item]);
        plan.settle(item, { at: null });
      }
    }
  }

  /** One plan over the queue as it is now; answers how many writes it started. */
  async function round(userId: number): Promise<number> {
    const plan = new SendPlan(await sendable(userId));
    const running = new Set<Promise<void>>();
    let started = 0;
    while (!stopped && !deps.signal?.aborted && !replan) {
      // The first write goes alone: the rest follow once the server has answered.
      const wide = result.answered ? limit : 1;
      let sending: Promise<void> | null = null;
      if (running.size < wide) {
        // Once the server has answered, runs of writes go in one request each.
        const run = batching && result.answered ? plan.takeRun(now(), BATCH_MAX_ITEMS, batchable) : [];
        const item = run.length === 1 ? run[0] : run.length === 0 ? plan.take(now()) : null;
        if (run.length > 1) {
          sending = deliverBatch(plan, run);
          started += run.length;
        } else if (item) {
          sending = deliver(plan, item);
          started += 1;
        }
      }
      if (sending) {
        const task: Promise<void> = sending.finally(() => running.delete(task));
        running.add(task);
      } else if (running.size > 0) {
        await Promise.race(running);
      } else {
        break;
      }
    }
    await Promise.all(running);
    result.retryAt = earliest(result.retryAt, plan.retryAt);
    return started;
  }

  // Rounds until one starts nothing: writes queued during a round go in the next one.
  while (!stopped && !deps.signal?.aborted) {
    const session = await deps.getSession();
    if (!session.token || session.user_id === null) break;
    const token = session.token;
    const waiting = await sendable(session.user_id);
    if (waiting.some((item) => item.paused_token === token)) {
      result.paused = true;
      break;
    }
    result.retryAt = null;
    if (replan) {
      replan = false;
      await liftBackoffs(session.user_id, now(), retried);
    }
    if ((await round(session.user_id)) === 0) break;
  }
  await Promise.all(refreshes);
  return result;
}
