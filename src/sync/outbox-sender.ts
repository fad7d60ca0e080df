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
 * exchange's rules are outbox-request.ts; how outcomes are stored and items claimed, outbox-rows.ts.
 * A delivered or discarded item's Blobs go with it.
 */

import { BATCH_MAX_ITEMS } from '../api/contracts/batch';
import { SendPlan } from './outbox-order';
import { batchable } from './outbox-request';
import { liftBackoffs, sendable } from './outbox-rows';
import { earliest, type FlushResult, type SenderDeps, Sends } from './outbox-sends';

export type { FlushResult, SenderDeps } from './outbox-sends';

/** The backoff's cap while the app is visible: someone is looking at the queue. */
export const VISIBLE_MAX_BACKOFF_MS = 15_000;
/** While visible, how soon a write that got no answer is tried again (see the header). */
export const PROBE_MS = 1000;
/** Writes on the wire at once: a browser opens at most six connections to one server anyway. */
export const SEND_CONCURRENCY = 6;

/** Sends the signed-in user's queue until it is empty, paused, offline or waiting on backoffs. */
export async function flushOutbox(deps: SenderDeps): Promise<FlushResult> {
  const sends = new Sends(deps);
  // Rounds until one starts nothing: writes queued during a round go in the next one.
  while (!sends.ended) {
    const session = await deps.getSession();
    if (!session.token || session.user_id === null) break;
    const token = session.token;
    if ((await sendable(session.user_id)).some((item) => item.paused_token === token)) {
      sends.result.paused = true;
      break;
    }
    sends.result.retryAt = null;
    if (sends.replan) {
      sends.replan = false;
      await liftBackoffs(session.user_id, sends.now(), sends.retried);
    }
    if ((await round(sends, session.user_id)) === 0) break;
  }
  await Promise.all(sends.refreshes);
  return sends.result;
}

/** One plan over the queue as it is now; answers how many writes it started. */
async function round(sends: Sends, userId: number): Promise<number> {
  const plan = new SendPlan(await sendable(userId));
  const running = new Set<Promise<void>>();
  let started = 0;
  while (!sends.ended && !sends.replan) {
    // The first write goes alone: the rest follow once the server has answered.
    const wide = sends.result.answered ? Math.max(1, sends.deps.concurrency ?? SEND_CONCURRENCY) : 1;
    const next = running.size < wide ? start(sends, plan) : null;
    if (next) {
      started += next.count;
      const task: Promise<void> = next.sending.finally(() => running.delete(task));
      running.add(task);
    } else if (running.size > 0) {
      await Promise.race(running);
    } else {
      break;
    }
  }
  await Promise.all(running);
  sends.result.retryAt = earliest(sends.result.retryAt, plan.retryAt);
  return started;
}

/** Starts the plan's next due run (one request) or write, if any. */
function start(sends: Sends, plan: SendPlan): { sending: Promise<void>; count: number } | null {
  // Once the server has answered, runs of writes go in one request each.
  const now = sends.now();
  const run = sends.batching && sends.result.answered ? plan.takeRun(now, BATCH_MAX_ITEMS, batchable) : [];
  if (run.length > 1) return { sending: sends.deliverBatch(plan, run), count: run.length };
  const item = run.length === 1 ? run[0] : plan.take(now);
  return item ? { sending: sends.deliver(plan, item), count: 1 } : null;
}
