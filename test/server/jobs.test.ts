/**
 * The durable job queue (server/jobs/) on the real database: a key enqueues once, a handler runs
 * with its payload, a failure is retried with backoff and finally gives up (onFailed once), a job
 * whose instance died (lease run out) runs again, two instances on one database never run a job
 * twice (also while one holds a job longer than the lease, renewing it), and stop() hands back
 * what it could not finish. A recurring job is one row, queued again after every run (also after
 * giving up); finished jobs are pruned after their retention by a recurring job of their own.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/schema/jobs';
import { JOB_DONE_RETENTION_MS, JOB_FAILED_RETENTION_MS, JOB_PRUNE_JOB } from '../../server/jobs/prune';
import { enqueueJob, recurringKey, registerJobHandler, scheduleRecurringJobs } from '../../server/jobs/queue';
import { JobWorker } from '../../server/jobs/worker';
import { dbKinds, startApp, type TestApp } from './helpers';

type Probe = { tag: string; ms?: number };
const runs: string[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

registerJobHandler<Probe>('test:record', async ({ tag, ms }) => {
  runs.push(tag);
  if (ms) await sleep(ms);
});
let flaky = 0;
registerJobHandler<Probe>(
  'test:flaky',
  async ({ tag }) => {
    flaky += 1;
    runs.push(`${tag}#${flaky}`);
    if (flaky < 2) throw new Error('first attempt fails');
  },
  { backoffMs: () => 100 },
);
const gaveUp: string[] = [];
registerJobHandler<Probe>(
  'test:broken',
  async ({ tag }) => {
    runs.push(tag);
    throw new Error('always fails');
  },
  { maxAttempts: 3, backoffMs: () => 20, onFailed: async ({ tag }) => void gaveUp.push(tag) },
);

// Recurring: scheduled by the app as it starts (first run a minute later); tests make it due.
let everyRuns = 0;
registerJobHandler(
  'test:every',
  async () => {
    everyRuns += 1;
  },
  { every: 60_000 },
);
let everyBrokenRuns = 0;
registerJobHandler(
  'test:every-broken',
  async () => {
    everyBrokenRuns += 1;
    throw new Error('recurring failure');
  },
  { every: 60_000, maxAttempts: 1 },
);

async function until<T>(read: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(25);
  }
}

describe.each(dbKinds)('job queue on %s', (kind) => {
  let t: TestApp;
  const jobRow = async (id: number) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const finished = (id: number) =>
    until(async () => {
      const row = await jobRow(id);
      return row.status === 'done' || row.status === 'failed' ? row : undefined;
    });
  const instance = (leaseMs = 1000, graceMs = 8000) =>
    new JobWorker({
      handle: t.handle,
      live: t.app.live,
      config: t.config,
      log: t.app.log,
      pollMs: 20,
      leaseMs,
      concurrency: 3,
      graceMs,
    });
  const secondInstance = instance;
  // The app's own worker is off: each test decides which instances run.
  let main: JobWorker;

  beforeAll(async () => {
    t = await startApp(kind, { jobs: { worker: false, pollMs: 50, leaseMs: 1000, concurrency: 3 } });
    main = instance();
    await main.start();
  });
  afterAll(async () => {
    await main?.stop();
    await t?.close();
  });

  it('enqueues a keyed job once and runs it with its payload', async () => {
    const first = await enqueueJob(t.db, {
      kind: 'test:record',
      payload: { tag: `${kind}-once` },
      key: `${kind}-k1`,
    });
    const again = await enqueueJob(t.db, {
      kind: 'test:record',
      payload: { tag: `${kind}-twice` },
      key: `${kind}-k1`,
    });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    const row = await finished(first.id);
    expect(row).toMatchObject({ status: 'done', attempts: 1, locked_by: null });
    expect(runs.filter((r) => r.startsWith(`${kind}-`))).toEqual([`${kind}-once`]);
  });

  it('waits for runAt', async () => {
    const { id } = await enqueueJob(t.db, {
      kind: 'test:record',
      payload: { tag: `${kind}-later` },
      runAt: new Date(Date.now() + 600),
    });
    await sleep(300);
    expect((await jobRow(id)).status).toBe('queued');
    expect(await finished(id)).toMatchObject({ status: 'done' });
  });

  it('retries a failed attempt after its backoff', async () => {
    flaky = 0;
    const { id } = await enqueueJob(t.db, { kind: 'test:flaky', payload: { tag: `${kind}-flaky` } });
    const row = await finished(id);
    expect(row).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    expect(runs.filter((r) => r.startsWith(`${kind}-flaky`))).toEqual([`${kind}-flaky#1`, `${kind}-flaky#2`]);
  });

  it('gives up after maxAttempts and says so once', async () => {
    const { id } = await enqueueJob(t.db, { kind: 'test:broken', payload: { tag: `${kind}-broken` } });
    const row = await finished(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, max_attempts: 3 });
    expect(row.last_error).toContain('always fails');
    expect(runs.filter((r) => r === `${kind}-broken`)).toHaveLength(3);
    expect(gaveUp.filter((r) => r === `${kind}-broken`)).toHaveLength(1);
  });

  it('runs again a job whose instance died (its lease ran out)', async () => {
    const { id } = await enqueueJob(t.db, {
      kind: 'test:record',
      payload: { tag: `${kind}-orphan` },
      runAt: new Date(Date.now() + 60_000),
    });
    // As a dead instance leaves it: claimed, running, the lease in the past.
    await t.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        locked_by: 'dead:1',
        locked_until: new Date(Date.now() - 1),
        run_at: new Date(),
      })
      .where(eq(jobs.id, id));
    const row = await finished(id);
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    expect(runs.filter((r) => r === `${kind}-orphan`)).toHaveLength(1);
  });

  it('never runs a job twice with two instances on one database', async () => {
    const other = secondInstance();
    await other.start();
    try {
      const tags = Array.from({ length: 24 }, (_, i) => `${kind}-pair-${i}`);
      const ids: number[] = [];
      for (const tag of tags)
        ids.push((await enqueueJob(t.db, { kind: 'test:record', payload: { tag, ms: 30 } })).id);
      await until(async () => {
        const rows = await t.db.select().from(jobs).where(inArray(jobs.id, ids));
        return rows.every((r) => r.status === 'done');
      });
      for (const tag of tags) expect(runs.filter((r) => r === tag)).toHaveLength(1);
      const owners = await t.db.select({ attempts: jobs.attempts }).from(jobs).where(inArray(jobs.id, ids));
      expect(owners.every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await other.stop();
    }
  });

  it('claims disjoint jobs when two instances claim at the same moment', async () => {
    await main.stop();
    const a = secondInstance();
    const b = secondInstance();
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1)
      ids.push((await enqueueJob(t.db, { kind: 'test:record', payload: { tag: `${kind}-race-${i}` } })).id);
    const [x, y] = await Promise.all([a.claim(10), b.claim(10)]);
    const both = [...x, ...y].map((r) => r.id).filter((id) => ids.includes(id));
    expect(new Set(both).size).toBe(both.length);
    expect(both.sort((p, q) => p - q)).toEqual(ids);
    await t.db.update(jobs).set({ status: 'done', locked_by: null }).where(inArray(jobs.id, ids));
    main = instance();
    await main.start();
  });

  it('keeps a job longer than its lease by renewing it: no second run', async () => {
    // A 1.5 s lease renewed every 0.5 s, held by a 3 s job while the other instance polls.
    const other = secondInstance(1500);
    await other.start();
    try {
      const { id } = await enqueueJob(t.db, {
        kind: 'test:record',
        payload: { tag: `${kind}-long`, ms: 3000 },
      });
      expect(await finished(id)).toMatchObject({ status: 'done', attempts: 1 });
      expect(runs.filter((r) => r === `${kind}-long`)).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });

  it('hands back a job still running when it stops', async () => {
    await main.stop();
    const other = instance(60_000, 50);
    await other.start();
    const { id } = await enqueueJob(t.db, {
      kind: 'test:record',
      payload: { tag: `${kind}-handback`, ms: 1500 },
    });
    await until(async () => (await jobRow(id)).locked_by === other.id);
    await other.stop();
    expect(await jobRow(id)).toMatchObject({ status: 'queued', locked_by: null, attempts: 0 });
    main = instance();
    await main.start();
    expect(await finished(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  const recurringRow = async (kindName: string) =>
    (
      await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, recurringKey(kindName)))
    )[0];
  /** Makes the recurring row due, then waits for the run to end and the row to be queued again. */
  const runRecurring = async (kindName: string) => {
    const before = await recurringRow(kindName);
    await t.db.update(jobs).set({ run_at: new Date() }).where(eq(jobs.id, before.id));
    return until(async () => {
      const row = await recurringRow(kindName);
      const requeued = row.status === 'queued' && row.run_at.getTime() > Date.now() + 30_000;
      const ranAgain = row.finished_at && row.finished_at > (before.finished_at ?? new Date(0));
      return requeued && ranAgain ? row : undefined;
    });
  };

  it('keeps a recurring job as one row, queued again after each run and after giving up', async () => {
    // Scheduled by the app as it started; every instance scheduling again adds nothing.
    await Promise.all([scheduleRecurringJobs(t.db), scheduleRecurringJobs(t.db)]);
    const rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'test:every'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: recurringKey('test:every'), status: 'queued', attempts: 0 });

    const runsBefore = everyRuns;
    const first = await runRecurring('test:every');
    expect(everyRuns).toBe(runsBefore + 1);
    expect(first).toMatchObject({ attempts: 0, last_error: null, locked_by: null });
    await runRecurring('test:every');
    expect(everyRuns).toBe(runsBefore + 2);

    const brokenBefore = everyBrokenRuns;
    const broken = await runRecurring('test:every-broken');
    expect(everyBrokenRuns).toBe(brokenBefore + 1);
    expect(broken).toMatchObject({ status: 'queued', attempts: 0 });
    expect(broken.last_error).toContain('recurring failure');

    // A row left finished (by a version without `every`) is put back in the schedule.
    await t.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, first.id));
    await scheduleRecurringJobs(t.db);
    expect((await jobRow(first.id)).status).toBe('queued');
  });

  it('prunes done jobs after their retention and failed ones after a longer one, in its own job', async () => {
    const ago = (ms: number) => new Date(Date.now() - ms);
    const old = (status: string, finishedMsAgo: number) => ({
      kind: 'test:record',
      payload: { tag: `${kind}-prune` },
      status,
      attempts: 1,
      finished_at: ago(finishedMsAgo),
      created_at: ago(finishedMsAgo + 1000),
    });
    const inserted = await t.db
      .insert(jobs)
      .values([
        old('done', JOB_DONE_RETENTION_MS + 3600_000),
        old('done', JOB_DONE_RETENTION_MS - 3600_000),
        old('failed', JOB_DONE_RETENTION_MS + 3600_000),
        old('failed', JOB_FAILED_RETENTION_MS + 3600_000),
      ])
      .returning({ id: jobs.id });
    const [doneOld, doneRecent, failedInspectable, failedOld] = inserted.map((r) => r.id);
    // Failed ones are kept well beyond done ones, to be inspected.
    expect(JOB_FAILED_RETENTION_MS).toBeGreaterThanOrEqual(4 * JOB_DONE_RETENTION_MS);

    await runRecurring(JOB_PRUNE_JOB);
    const left = await t.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          inserted.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([doneRecent, failedInspectable].sort());
    expect(await recurringRow(JOB_PRUNE_JOB)).toBeDefined();
    expect([doneOld, failedOld]).not.toContain(left[0]?.id);
  });
});
