/**
 * Health, readiness and load shedding (issue 52), for a load balancer or supervisor.
 *
 * - GET /healthz: the process answers (no database, never shed): a supervisor restarts an instance
 *   only when this stops answering.
 * - GET /readyz: 200 when the database answers a query within READY_TIMEOUT_MS, every migration
 *   is applied, the connections besides the queries' own are up (PostgreSQL's LISTEN), the job
 *   worker's loop is alive (when it is on), and the instance is not shutting down; otherwise 503
 *   with `errors` naming each part that failed and `checks` giving every part's state. A load
 *   balancer sends traffic only to a ready instance.
 * - Load shedding (@fastify/under-pressure): past the event-loop delay or utilisation, heap or RSS
 *   limits (plugins/service-settings.ts), every request but /healthz answers 503 {errors} with
 *   Retry-After, which the client's outbox treats as "try again later" and keeps its writes.
 * Registered before the routes, so its hooks cover all of them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import underPressure from '@fastify/under-pressure';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { migrationsFolder, rowsOf } from '../db/client';
import type { ServiceSettings } from './service-settings';

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/** The migrations this build has: /readyz wants as many applied. */
const migrationCount = (): number =>
  (JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

/** Rejects with `what` after `ms` unless `work` settled first. */
async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(what)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthPlugin = fp(
  async (app: FastifyInstance, settings: ServiceSettings) => {
    const { pressure } = settings;
    const expected = migrationCount();
    // The first samples after start still hold the start's own blocking (loading, migrating):
    // nothing is shed until two sampling periods after the app is ready.
    let shedFrom = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      shedFrom = Date.now() + 2 * pressure.sampleMs;
    });
    await app.register(underPressure, {
      maxEventLoopDelay: pressure.maxEventLoopDelayMs,
      maxEventLoopUtilization: pressure.maxEventLoopUtilization,
      eventLoopUtilizationMode: 'interval',
      maxHeapUsedBytes: pressure.maxHeapUsedBytes,
      maxRssBytes: pressure.maxRssBytes,
      sampleInterval: pressure.sampleMs,
      retryAfter: pressure.retryAfterSeconds,
      // Our {errors} shape, with Retry-After; returning the body makes under-pressure send it.
      pressureHandler: (request, reply, type) => {
        if (request.routeOptions.config.neverShed || Date.now() < shedFrom) return;
        request.log.warn({ pressure: type }, 'shedding load');
        reply.code(503).header('retry-after', String(pressure.retryAfterSeconds));
        return { errors: BUSY_MESSAGE } as never;
      },
    });

    app.get('/healthz', { config: { neverShed: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    });

    app.get('/readyz', async (_request, reply) => {
      const checks: Record<string, string> = {};
      const failure = app.dbHandle.failure();
      if (failure) {
        checks.database = failure.message;
      } else {
        try {
          const [row] = await within(
            rowsOf<{ n: number }>(app.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
            settings.readyTimeoutMs,
            `no answer within ${settings.readyTimeoutMs} ms`,
          );
          checks.database = 'ok';
          checks.migrations = row.n >= expected ? 'ok' : `${row.n} of ${expected} applied`;
        } catch (error) {
          checks.database = (error as Error).message.split('\n')[0];
        }
      }
      for (const [name, why] of Object.entries(app.dbHandle.connection())) checks[`database ${name}`] = why;
      if (app.jobWorker) checks.jobs = app.jobWorker.health() ?? 'ok';
      if (app.shutdownSignal.aborted) checks.shutdown = 'shutting down';
      const failed = Object.entries(checks).filter(([, state]) => state !== 'ok');
      reply.header('cache-control', 'no-store');
      if (failed.length === 0) return { status: 'ready', checks };
      reply.code(503).header('retry-after', '5');
      return {
        status: 'not ready',
        errors: failed.map(([name, why]) => `${name}: ${why}`).join('; '),
        checks,
      };
    });
  },
  { name: 'health', dependencies: ['app-context', 'job-worker', 'drain'] },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** /healthz: answered even under pressure (a busy instance is alive, not one to restart). */
    neverShed?: boolean;
  }
}
