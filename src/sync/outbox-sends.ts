/**
 * One flush's sends (outbox-sender.ts plans the rounds): a write or a run of writes admitted,
 * claimed, sent and its outcome recorded (outbox-rows.ts), and what the outcomes tell about the
 * connection: `result`, `stopped` (nothing new starts), `replan` (the server is back: the next
 * round is planned after the backoffs are lifted). The outcome rules are in outbox-sender.ts's header.
 */
import type { OutboxItem } from '../db/app-db';
import type { Session } from '../db/session';
import { sendWithUploads } from './outbox-files';
import type { SendPlan } from './outbox-order';
import { type Outcome, sendBatch, sendItem } from './outbox-request';
import {
  claim,
  claimMany,
  dueAt,
  failTooOld,
  type Limits,
  MAX_BACKOFF_MS,
  record,
  requeue,
  tooOld,
} from './outbox-rows';

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

export const earliest = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.min(a, b);

export class Sends {
  readonly result: FlushResult = {
    delivered: 0,
    failed: 0,
    retryAt: null,
    paused: false,
    offline: false,
    answered: false,
  };
  readonly deps: SenderDeps;
  readonly now: () => number;
  /** The delivered writes' refreshes, awaited at the end of the flush. */
  readonly refreshes: Promise<void>[] = [];
  /** Writes that failed again in this flush keep their backoff when the server's return lifts the rest. */
  readonly retried = new Set<number>();
  replan = false;
  /** Runs go in one request while true (an older server turns it off). */
  batching: boolean;
  private readonly limits: Limits;
  private lifted = false;
  /** Paused, offline, signed out or the page leaving: nothing new starts. */
  private stopped = false;

  constructor(deps: SenderDeps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
    this.limits = { maxBackoffMs: deps.maxBackoffMs ?? MAX_BACKOFF_MS, probeMs: deps.probeMs ?? null };
    this.batching = deps.batch === true;
  }

  get ended(): boolean {
    return this.stopped || this.deps.signal?.aborted === true;
  }

  /**
   * The items of `queued` that may go now: one of another user (or signed out) stops the flush,
   * one too old fails; both are settled in the plan.
   */
  private async admit(plan: SendPlan, session: Session, queued: OutboxItem[]): Promise<OutboxItem[]> {
    const fresh: OutboxItem[] = [];
    for (const item of queued) {
      if (!session.token || session.user_id !== item.user_id) {
        this.stopped = true;
        plan.settle(item);
      } else if (tooOld(item, this.now())) {
        await failTooOld(item);
        this.result.failed += 1;
        plan.settle(item);
      } else fresh.push(item);
    }
    return fresh;
  }

  /** Sends one item of the plan and records its outcome. */
  async deliver(plan: SendPlan, queued: OutboxItem): Promise<void> {
    const session = await this.deps.getSession();
    const [fresh] = await this.admit(plan, session, [queued]);
    if (!fresh) return;
    const item = this.stopped ? undefined : await claim(fresh.id as number);
    if (!item) return plan.settle(fresh);
    if (this.stopped) {
      // A 401 or a lost connection arrived while this one was being claimed: it waits its turn.
      await requeue([item]);
      return plan.settle(item);
    }
    this.deps.onProgress?.();
    const outcome = item.uploads?.length
      ? await sendWithUploads(item, session, this.deps)
      : await sendItem(item, session, this.deps);
    // The page went away mid-send: like a closed tab, leave the item 'sending' for the next sender.
    if (this.deps.signal?.aborted) {
      this.stopped = true;
      return;
    }
    await this.settle(plan, item, outcome);
  }

  /** Sends a run of the plan in one batch request and settles each of its items. */
  async deliverBatch(plan: SendPlan, run: OutboxItem[]): Promise<void> {
    const session = await this.deps.getSession();
    const fresh = await this.admit(plan, session, run);
    const items = this.stopped ? [] : await claimMany(fresh.map((queued) => queued.id as number));
    const claimed = new Set(items.map((item) => item.id));
    for (const queued of fresh) if (!claimed.has(queued.id)) plan.settle(queued);
    if (items.length === 0) return;
    if (this.stopped) {
      await requeue(items);
      for (const item of items) plan.settle(item);
      return;
    }
    this.deps.onProgress?.();
    const outcomes = await sendBatch(items, session, this.deps);
    if (this.deps.signal?.aborted) {
      this.stopped = true;
      return;
    }
    if (outcomes === 'unsupported') {
      // An older server: these go one by one, from the next round on.
      this.batching = false;
      await requeue(items);
      for (const item of items) plan.settle(item, { at: null });
      return;
    }
    for (const [index, item] of items.entries()) {
      const outcome = outcomes[index];
      if (outcome) {
        await this.settle(plan, item, outcome);
      } else {
        // Not sent: the server stopped before it. It goes again in the next round.
        await requeue([item]);
        plan.settle(item, { at: null });
      }
    }
  }

  /** Records a sent item's outcome, what it tells about the connection, and settles it in the plan. */
  private async settle(plan: SendPlan, item: OutboxItem, outcome: Outcome): Promise<void> {
    await record(item, outcome, this.now(), (this.deps.random ?? Math.random)(), this.limits);
    this.deps.onProgress?.();
    if (outcome.kind !== 'retry' || !outcome.offline) this.result.answered = true;
    if (outcome.kind === 'retry' && !outcome.offline) this.retried.add(item.id as number);
    if (outcome.kind === 'retry') return this.retryLater(plan, item, outcome.offline);
    plan.settle(item);
    if (outcome.kind === 'done') this.delivered(item, outcome.data);
    else if (outcome.kind === 'failed') this.result.failed += 1;
    else {
      if (!this.result.paused) this.deps.onAuthFailure?.(item, outcome.token);
      this.result.paused = true;
      this.stopped = true;
    }
  }

  /** A write to try again: the plan holds its record until then; no answer at all stops the flush. */
  private async retryLater(plan: SendPlan, item: OutboxItem, offline: boolean): Promise<void> {
    const at = await dueAt(item);
    plan.settle(item, { at });
    this.result.retryAt = earliest(this.result.retryAt, at);
    if (offline) {
      this.result.offline = true;
      this.stopped = true;
    }
  }

  /** A delivered write: counted, its reads refreshed (after the flush), and the server is back. */
  private delivered(item: OutboxItem, data: unknown): void {
    this.result.delivered += 1;
    if (!this.lifted) {
      // The server is back: the round stops taking writes, and the next one, planned after the
      // backoffs are lifted, sends whatever waits (in batches) at once.
      this.lifted = true;
      this.replan = true;
    }
    this.refreshes.push(
      (async () => this.deps.onDelivered?.(item, data))().catch((error: unknown) =>
        console.warn('Could not refresh after a delivered write', error),
      ),
    );
  }
}
