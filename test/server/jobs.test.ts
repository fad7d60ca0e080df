/**
 * The durable job queue (server/jobs/) on the real database: a key enqueues once, a handler runs
 * with its payload, a failure is retried with backoff and finally gives up (onFailed once), a job
 * whose instance died (lease run out) runs again, two instances on one database never run a job
 * twice (also while one holds a job longer than the lease, renewing it), and stop() hands back
 * what it could not finish.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/schema/jobs';
import { enqueueJob, registerJobHandler } from '../../server/jobs/queue';
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
    const other = secondInstance(300);
    await other.start();
    try {
      const { id } = await enqueueJob(t.db, {
        kind: 'test:record',
        payload: { tag: `${kind}-long`, ms: 1500 },
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
});
