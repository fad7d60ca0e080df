/**
 * The metrics read from the database and its driver at scrape time (ops/metrics.ts calls
 * `refresh()` before each answer): the job queue by kind, and the connection pool (PostgreSQL) or
 * the statements waiting for the embedded database (PGlite in its worker thread).
 *
 * - One grouped query over `jobs` per scrape (a scraper calls every 15-60 s); every registered
 *   kind has its series, at 0 when it has no rows, so a dashboard never sees a series vanish.
 * - Queue depth and age count due jobs only: a job scheduled for later (the recurring sweeps) is
 *   not waiting yet.
 * - `failed` counts the jobs that gave up and are still kept (30 days, jobs/prune.ts): a rise is a
 *   failure; `retrying` counts queued jobs whose last attempt failed.
 */
import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import type { DbHandle } from '../db/client';
import { rowsOf } from '../db/client';
import { PgliteThread } from '../db/pglite-thread';
import { registeredKinds } from '../jobs/queue';
import { now } from '../lib/clock';

type JobRow = {
  kind: string;
  due: number;
  running: number;
  failed: number;
  retrying: number;
  oldest: number;
};

/** What the pool of node-postgres says of itself (drizzle keeps it as `$client`). */
type PoolLike = { totalCount: number; idleCount: number; waitingCount: number };

/** Statements waiting for PGlite's worker thread; null for PGlite in the main thread or PostgreSQL. */
export function pgliteQueueLength(handle: DbHandle): number | null {
  return handle.pglite instanceof PgliteThread ? handle.pglite.queueLength : null;
}

export function databaseMetrics(registry: Registry, handle: DbHandle) {
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const queued = gauge('portal_jobs_queued', 'Jobs due and waiting for a worker, by kind', ['kind']);
  const oldest = gauge('portal_jobs_oldest_queued_seconds', 'Age of the oldest due job waiting, by kind', [
    'kind',
  ]);
  const running = gauge('portal_jobs_running', 'Jobs running on any instance, by kind', ['kind']);
  const failed = gauge(
    'portal_jobs_failed',
    'Jobs that gave up after their last attempt (kept 30 days), by kind',
    ['kind'],
  );
  const retrying = gauge('portal_jobs_retrying', 'Queued jobs whose last attempt failed, by kind', ['kind']);
  const queryTime = gauge('portal_db_scrape_query_seconds', "How long this scrape's job-queue query took");
  const pool =
    handle.kind === 'postgres'
      ? gauge('portal_db_pool_connections', 'PostgreSQL pool connections of this instance', ['state'])
      : null;
  const poolWaiting =
    handle.kind === 'postgres'
      ? gauge('portal_db_pool_waiting', 'Queries waiting for a pool connection')
      : null;
  const pgliteQueue =
    handle.kind === 'pglite'
      ? gauge('portal_pglite_queue', 'Statements waiting for (or running in) the embedded database')
      : null;

  return async function refresh(): Promise<void> {
    const at = now().toISOString();
    const started = performance.now();
    const rows = await rowsOf<JobRow>(
      handle.db,
      sql`select kind,
        count(*) filter (where status = 'queued' and run_at <= ${at}::timestamptz)::int as due,
        count(*) filter (where status = 'running')::int as running,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'queued' and attempts > 0)::int as retrying,
        coalesce(extract(epoch from ${at}::timestamptz - min(run_at) filter (where status = 'queued' and run_at <= ${at}::timestamptz)), 0)::float8 as oldest
      from jobs group by kind`,
    );
    queryTime.set((performance.now() - started) / 1000);
    for (const metric of [queued, oldest, running, failed, retrying]) metric.reset();
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    for (const kind of new Set([...registeredKinds(), ...byKind.keys()])) {
      const row = byKind.get(kind);
      queued.set({ kind }, row?.due ?? 0);
      oldest.set({ kind }, Math.max(0, Number(row?.oldest ?? 0)));
      running.set({ kind }, row?.running ?? 0);
      failed.set({ kind }, row?.failed ?? 0);
      retrying.set({ kind }, row?.retrying ?? 0);
    }
    const client = (handle.db as unknown as { $client?: PoolLike }).$client;
    if (pool && poolWaiting && client && typeof client.totalCount === 'number') {
      pool.set({ state: 'total' }, client.totalCount);
      pool.set({ state: 'idle' }, client.idleCount);
      poolWaiting.set(client.waitingCount);
    }
    pgliteQueue?.set(pgliteQueueLength(handle) ?? 0);
  };
}
