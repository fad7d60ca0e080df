/**
 * Pruning of finished jobs: a job's row is kept after it ended (done or failed) so its outcome can
 * be read, then deleted once past its retention by a recurring job of its own ('job-prune').
 *
 * - Done jobs are kept JOB_DONE_RETENTION_MS (7 days): at least as long as idempotency keys live
 *   (plugins/idempotency.ts), so a replayed request still finds the job its first answer enqueued
 *   (a job's `key` becomes free again once its row is gone).
 * - Failed jobs are kept JOB_FAILED_RETENTION_MS (30 days), long enough to inspect why they gave up.
 * - Recurring rows never end (the worker requeues them), so they are never pruned.
 * - Deletes in batches, so one run never holds a long lock on the queue.
 */
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { nowMs } from '../lib/clock';
import { registerJobHandler } from './queue';

export const JOB_PRUNE_JOB = 'job-prune';
export const JOB_DONE_RETENTION_MS = 7 * 24 * 3600_000;
export const JOB_FAILED_RETENTION_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
const BATCH = 1000;

/** Deletes done and failed jobs past their retention; answers how many. */
export async function pruneJobs(db: Db): Promise<number> {
  const at = nowMs();
  const expired = or(
    and(eq(jobs.status, 'done'), lt(jobs.finished_at, new Date(at - JOB_DONE_RETENTION_MS))),
    and(eq(jobs.status, 'failed'), lt(jobs.finished_at, new Date(at - JOB_FAILED_RETENTION_MS))),
  );
  let pruned = 0;
  for (;;) {
    const batch = db.select({ id: jobs.id }).from(jobs).where(expired).limit(BATCH);
    const deleted = await db.delete(jobs).where(inArray(jobs.id, batch)).returning({ id: jobs.id });
    pruned += deleted.length;
    if (deleted.length < BATCH) return pruned;
  }
}

registerJobHandler(
  JOB_PRUNE_JOB,
  async (_payload, { db, log }) => {
    const pruned = await pruneJobs(db);
    if (pruned > 0) log.info({ pruned }, 'finished jobs pruned');
  },
  { every: PRUNE_EVERY_MS },
);
