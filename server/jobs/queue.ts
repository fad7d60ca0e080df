/**
 * The durable job queue's API: enqueue work in the database, register what runs it.
 *
 * - `enqueueJob(db, {kind, payload, runAt?, key?})` writes a row (inside the caller's transaction
 *   when given one, so the work exists exactly when the change that asked for it commits). A `key`
 *   makes the enqueue idempotent: the same key answers the existing job and adds nothing.
 * - `registerJobHandler(kind, handler, options?)` says how a kind runs, once per process (at module
 *   load). Workers (server/jobs/worker.ts, started with the app) claim only kinds they can run.
 * - A handler may run more than once (a crash after the work but before it was marked done; a
 *   retry after an error): it must be safe to repeat, e.g. check what it already did first.
 * - A failing job is retried with backoff up to maxAttempts (5 by default), then marked failed and
 *   the handler's `onFailed` runs once (e.g. to tell the user).
 * - Recurring work (`every` in the handler's options: sweeps, pruning) is ONE row per kind, keyed
 *   `every:<kind>`: `scheduleRecurringJobs` (run by every instance as it starts) adds it if
 *   missing, and the worker puts it back in the queue `every` ms after each run instead of
 *   finishing it (also after it gave up). So the schedule survives restarts and, like any job,
 *   never runs on two instances at once.
 */
import { EventEmitter } from 'node:events';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/jobs';
import type { LiveBus } from '../domain/messaging/live-bus';
import { now, nowMs } from '../lib/clock';

/** PostgreSQL NOTIFY channel that wakes the workers of every instance when a job is enqueued. */
export const JOB_CHANNEL = 'portal_jobs';

export type NewJob<P = unknown> = {
  kind: string;
  payload: P;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Unique: a second enqueue with the same key adds nothing and answers the first job. */
  key?: string;
  /** Overrides the handler's (or the default 5) number of attempts. */
  maxAttempts?: number;
};

/** What a running job gets besides its payload. */
export type JobContext = {
  db: Db;
  live: LiveBus;
  config: Config;
  log: FastifyBaseLogger;
  job: { id: number; kind: string; attempt: number; maxAttempts: number };
  /** Aborted when the worker stops or loses the job's lease: stop early if you can. */
  signal: AbortSignal;
};

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

export type JobHandlerOptions<P> = {
  maxAttempts?: number;
  /** Delay before attempt `attempt + 1` after attempt `attempt` failed (default 5 s doubling, max 1 h). */
  backoffMs?: (attempt: number) => number;
  /** Runs once when the job gives up (its last attempt failed). */
  onFailed?: (payload: P, ctx: JobContext, error: unknown) => Promise<void>;
  /** Recurring: runs every this many ms, first one interval after it was first scheduled. */
  every?: number;
};

export type RegisteredHandler = JobHandlerOptions<unknown> & { run: JobHandler<unknown> };

export const DEFAULT_MAX_ATTEMPTS = 5;

export const defaultBackoffMs = (attempt: number) =>
  Math.min(3600_000, 5_000 * 2 ** Math.max(0, attempt - 1));

const handlers = new Map<string, RegisteredHandler>();

/** Wakes this process's workers at once (other instances are woken by NOTIFY). */
export const jobSignals = new EventEmitter();
jobSignals.setMaxListeners(0);

export function registerJobHandler<P>(
  kind: string,
  handler: JobHandler<P>,
  options: JobHandlerOptions<P> = {},
) {
  if (handlers.has(kind)) throw new Error(`A job handler for ${kind} is already registered`);
  handlers.set(kind, { ...(options as JobHandlerOptions<unknown>), run: handler as JobHandler<unknown> });
}

export const jobHandler = (kind: string) => handlers.get(kind);
export const registeredKinds = () => [...handlers.keys()];

/** Adds a job (or, with a key already used, answers that job): `created` says which. */
export async function enqueueJob<P>(db: Db, job: NewJob<P>): Promise<{ id: number; created: boolean }> {
  const maxAttempts = job.maxAttempts ?? handlers.get(job.kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload as unknown,
      key: job.key ?? null,
      run_at: job.runAt ?? now(),
      max_attempts: maxAttempts,
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  if (!row) {
    const [existing] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.key, job.key as string));
    return { id: existing.id, created: false };
  }
  // Delivered on commit to every instance listening (PostgreSQL); harmless on PGlite.
  await db.execute(sql`SELECT pg_notify(${JOB_CHANNEL}, ${job.kind})`);
  setImmediate(() => jobSignals.emit('enqueued', job.kind));
  return { id: row.id, created: true };
}

/** The one row of a recurring kind. */
export const recurringKey = (kind: string) => `every:${kind}`;

/**
 * Makes sure every recurring kind registered in this process has its row. Safe from every
 * instance at once (the key is unique); a row left finished (by a version that did not recur) is
 * put back in the schedule.
 */
export async function scheduleRecurringJobs(db: Db): Promise<void> {
  for (const [kind, handler] of handlers) {
    if (!handler.every) continue;
    const runAt = new Date(nowMs() + handler.every);
    const { created } = await enqueueJob(db, { kind, payload: {}, key: recurringKey(kind), runAt });
    if (created) continue;
    await db
      .update(jobs)
      .set({ status: 'queued', run_at: runAt, attempts: 0 })
      .where(and(eq(jobs.key, recurringKey(kind)), inArray(jobs.status, ['done', 'failed'])));
  }
}
