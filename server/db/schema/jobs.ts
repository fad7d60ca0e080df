/**
 * Background work that must survive a crash: the durable job queue (server/jobs/). A row is one
 * job; a worker claims it with FOR UPDATE SKIP LOCKED and holds a lease (locked_by, locked_until)
 * it renews while the job runs, so a job of a dead instance is claimed again once the lease runs
 * out, and two live instances never run the same job.
 *
 * status: queued (waiting for run_at), running (leased), done, failed (gave up after max_attempts).
 * key: optional and unique, so the same piece of work is never enqueued twice.
 */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    key: text('key'),
    status: text('status').notNull().default('queued'),
    run_at: at('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(5),
    locked_by: text('locked_by'),
    locked_until: at('locked_until'),
    last_error: text('last_error'),
    created_at: at('created_at').notNull().defaultNow(),
    finished_at: at('finished_at'),
  },
  (t) => [uniqueIndex('jobs_key_unique').on(t.key), index('jobs_due_idx').on(t.status, t.run_at)],
);
