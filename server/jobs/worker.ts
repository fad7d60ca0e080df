/**
 * The job worker: claims due jobs of the kinds this process can run, runs them, and records the
 * outcome. One per app instance (server/jobs/plugin.ts starts it with the app and stops it on close).
 *
 * - Claiming is one UPDATE over `SELECT ... FOR UPDATE SKIP LOCKED`, so two instances never claim
 *   the same job; the claim takes a lease (locked_until) renewed every third of it while the
 *   handler runs. A job whose lease ran out (its instance died) is due again and claimed anew.
 * - Finishing is conditional on still holding the lease, so an instance that lost it (paused past
 *   its lease) cannot overwrite the outcome of the instance that took the job over.
 * - Woken at once by an enqueue in this process or a NOTIFY from another; otherwise polls.
 * - stop(): claims nothing more, waits for running jobs (up to graceMs), then hands back the
 *   leases of jobs still running so another instance takes them at once.
 * - health() (for /readyz): null while the claim loop turns; why not otherwise (stopped, its loop
 *   ended, or no turn for longer than a few polls: a claim stuck on the database).
 * - A recurring job (queue.ts `every`) is not finished but put back in the queue for its next run,
 *   after a success and after giving up alike (`finish`).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, DbHandle } from '../db/client';
import { jobs } from '../db/schema/jobs';
import type { LiveBus } from '../domain/messaging/live-bus';
import { now, nowMs } from '../lib/clock';
import {
  DEFAULT_MAX_ATTEMPTS,
  defaultBackoffMs,
  JOB_CHANNEL,
  type JobContext,
  jobHandler,
  jobSignals,
  registeredKinds,
} from './queue';

export type WorkerOptions = {
  handle: DbHandle;
  live: LiveBus;
  config: Config;
  log: FastifyBaseLogger;
  pollMs: number;
  leaseMs: number;
  concurrency: number;
  /** How long stop() waits for running jobs before handing their leases back. */
  graceMs?: number;
};

type Job = typeof jobs.$inferSelect;

export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly db: Db;
  private readonly running = new Map<number, { done: Promise<void>; abort: AbortController }>();
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly onSignal = () => this.wake?.();
  /** Real time (not lib/clock's movable one) of the loop's last turn, and whether it still runs. */
  private lastTurn = Date.now();
  private looping = false;

  constructor(private readonly options: WorkerOptions) {
    this.db = options.handle.db;
  }

  async start(): Promise<void> {
    jobSignals.on('enqueued', this.onSignal);
    if (this.options.handle.kind === 'postgres')
      this.unlisten = await this.options.handle.listen(JOB_CHANNEL, this.onSignal);
    this.lastTurn = Date.now();
    this.looping = true;
    this.loop = this.run().finally(() => {
      this.looping = false;
    });
  }

  /** Why this worker is not taking jobs, or null while it is. */
  health(): string | null {
    if (this.stopping) return 'stopped';
    if (!this.looping) return this.loop ? 'its loop ended' : 'not started';
    const quiet = Date.now() - this.lastTurn;
    const limit = Math.max(3 * this.options.pollMs, 30_000);
    return quiet > limit ? `no turn for ${Math.round(quiet / 1000)} s` : null;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    jobSignals.off('enqueued', this.onSignal);
    this.wake?.();
    await this.loop;
    await this.unlisten?.().catch(() => {});
    const grace = this.options.graceMs ?? 8000;
    const all = Promise.allSettled([...this.running.values()].map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((r) => (timer = setTimeout(r, grace)))]);
    clearTimeout(timer);
    for (const [id, run] of this.running) {
      run.abort.abort();
      // Not an attempt that failed: give the job back as it was.
      await this.db
        .update(jobs)
        .set({ status: 'queued', locked_by: null, locked_until: null, attempts: sql`${jobs.attempts} - 1` })
        .where(and(eq(jobs.id, id), eq(jobs.locked_by, this.id)))
        .catch(() => {});
    }
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.lastTurn = Date.now();
      let claimedAll = false;
      const free = this.options.concurrency - this.running.size;
      if (free > 0) {
        try {
          const claimed = await this.claim(free);
          for (const job of claimed) this.execute(job);
          claimedAll = claimed.length === free;
        } catch (error) {
          if (!this.stopping) this.options.log.warn({ err: error }, 'job claim failed');
        }
      }
      if (this.stopping) break;
      if (claimedAll && this.running.size < this.options.concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.options.pollMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = null;
    }
  }

  /** Due jobs of our kinds: queued and due, or running under a lease that has run out. */
  async claim(limit: number): Promise<Job[]> {
    const kinds = registeredKinds();
    if (kinds.length === 0) return [];
    const at = now();
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.run_at, at)),
            and(eq(jobs.status, 'running'), lt(jobs.locked_until, at)),
          ),
        ),
      )
      .orderBy(jobs.run_at, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        locked_by: this.id,
        locked_until: new Date(at.getTime() + this.options.leaseMs),
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  private execute(job: Job): void {
    const abort = new AbortController();
    const done = this.perform(job, abort).finally(() => {
      this.running.delete(job.id);
      this.wake?.();
    });
    this.running.set(job.id, { done, abort });
  }

  private async perform(job: Job, abort: AbortController): Promise<void> {
    const handler = jobHandler(job.kind);
    if (!handler) return;
    const { db, log } = { db: this.db, log: this.options.log };
    const maxAttempts = job.max_attempts ?? DEFAULT_MAX_ATTEMPTS;
    const ctx: JobContext = {
      db,
      live: this.options.live,
      config: this.options.config,
      log: log.child({ job: job.id, kind: job.kind }),
      job: { id: job.id, kind: job.kind, attempt: job.attempts, maxAttempts },
      signal: abort.signal,
    };
    const mine = and(eq(jobs.id, job.id), eq(jobs.locked_by, this.id), eq(jobs.status, 'running'));
    // A claim past the last attempt: its instance died during that attempt.
    if (job.attempts > maxAttempts)
      return this.giveUp(job, ctx, new Error('lease expired on the last attempt'));
    const renew = setInterval(
      () => {
        void db
          .update(jobs)
          .set({ locked_until: new Date(nowMs() + this.options.leaseMs) })
          .where(mine)
          .returning({ id: jobs.id })
          .then((rows) => {
            if (rows.length === 0) abort.abort();
          })
          .catch(() => {});
      },
      Math.max(50, Math.floor(this.options.leaseMs / 3)),
    );
    try {
      await handler.run(job.payload, ctx);
      clearInterval(renew);
      await db
        .update(jobs)
        .set(finish(job, 'done', null))
        .where(mine);
    } catch (error) {
      clearInterval(renew);
      if (abort.signal.aborted) return;
      if (job.attempts >= maxAttempts) return this.giveUp(job, ctx, error);
      const delay = (handler.backoffMs ?? defaultBackoffMs)(job.attempts);
      ctx.log.warn({ err: error, attempt: job.attempts, retryInMs: delay }, 'job failed, will retry');
      await db
        .update(jobs)
        .set({
          status: 'queued',
          run_at: new Date(nowMs() + delay),
          locked_by: null,
          locked_until: null,
          last_error: String(error).slice(0, 1000),
        })
        .where(mine)
        .catch((err) => ctx.log.error({ err }, 'job outcome not recorded'));
    }
  }

  private async giveUp(job: Job, ctx: JobContext, error: unknown): Promise<void> {
    const [row] = await this.db
      .update(jobs)
      .set(finish(job, 'failed', String(error).slice(0, 1000)))
      .where(and(eq(jobs.id, job.id), eq(jobs.locked_by, this.id)))
      .returning({ id: jobs.id });
    if (!row) return;
    ctx.log.error({ err: error, attempts: job.attempts }, 'job gave up');
    await jobHandler(job.kind)
      ?.onFailed?.(job.payload, ctx, error)
      .catch((err) => ctx.log.error({ err }, 'job onFailed failed'));
  }
}

/** The row's end state: done or failed, or for a recurring kind queued for its next run. */
function finish(job: Job, status: 'done' | 'failed', lastError: string | null) {
  const ended = { finished_at: now(), locked_by: null, locked_until: null, last_error: lastError };
  const every = jobHandler(job.kind)?.every;
  if (!every) return { ...ended, status };
  return { ...ended, status: 'queued', attempts: 0, run_at: new Date(nowMs() + every) };
}
