/**
 * Health, readiness and load shedding (issue 52, item 1), on PGlite and PostgreSQL: /healthz
 * answers without the database; /readyz is 200 with every part ok, and 503 naming the database
 * once it stops answering (PGlite's thread ended; PostgreSQL refusing connections), while API
 * calls answer 503 with Retry-After instead of hanging; PostgreSQL coming back makes it ready again
 * (the LISTEN connection reopened with backoff). Past a load limit every request but /healthz is
 * shed with 503, Retry-After and {errors}.
 */
import type { Worker } from 'node:worker_threads';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { PgliteThread } from '../../server/db/pglite-thread';
import { DatabaseUnavailable } from '../../server/db/unavailable';
import { BUSY_MESSAGE } from '../../server/plugins/health';
import { loadServiceSettings } from '../../server/plugins/service-settings';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

/** Polls `check` until it holds (the state the test waits for), or fails after `ms`. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.each(dbKinds)('health and readiness on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  beforeAll(async () => {
    t = await startApp(kind);
    owner = await signIn(t, 'owner@demo.test');
  });
  afterAll(() => t?.close());

  const ready = () => t.app.inject({ method: 'GET', url: '/readyz' });

  it('answers /healthz and a ready /readyz with every part ok', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
    });
  });

  it('sheds load past a limit with 503 and Retry-After, except /healthz', async () => {
    const settings = loadServiceSettings({});
    // A heap limit of one byte: every sample is past it.
    const busy = await buildApp({
      config: t.config,
      handle: t.handle,
      logger: false,
      service: { ...settings, pressure: { ...settings.pressure, maxHeapUsedBytes: 1, sampleMs: 10 } },
    });
    try {
      const shed = await until(
        () => busy.inject({ method: 'GET', url: '/api/v1/notifications', headers: owner.headers }),
        (res) => res.statusCode === 503,
      );
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe(String(settings.pressure.retryAfterSeconds));
      expect(shed.json()).toEqual({ errors: BUSY_MESSAGE });
      expect((await busy.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      expect((await busy.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });

  it('turns /readyz 503 naming the database once it stops answering, and API calls 503', async () => {
    if (kind === 'pglite') {
      const thread = t.handle.pglite as PgliteThread;
      expect(thread).toBeInstanceOf(PgliteThread);
      const heard: Error[] = [];
      t.handle.onFailure((error) => heard.push(error));
      // The thread ends by itself (its database closed under it), as after a crash.
      (thread as unknown as { worker: Worker }).worker.postMessage({ id: 0, op: 'close' });
      await until(
        async () => heard.length,
        (n) => n > 0,
      );
      expect(heard).toHaveLength(1);
      expect(t.handle.failure()).toBeInstanceOf(DatabaseUnavailable);
      // Every later statement fails at once, never waits on the dead thread.
      await expect(thread.query('select 1')).rejects.toThrow(/PGlite thread\) ended unexpectedly/);
    } else {
      const name = new URL(t.config.databaseUrl as string).pathname.slice(1);
      await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
      await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
    }
    const res = await until(ready, (r) => r.statusCode === 503);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    const body = res.json() as { status: string; errors: string; checks: Record<string, string> };
    expect(body.status).toBe('not ready');
    expect(body.errors).toMatch(/^database: /);
    expect(body.checks.database).not.toBe('ok');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    if (kind === 'pglite') {
      const call = await t.app.inject({
        method: 'GET',
        url: '/api/v1/notifications',
        headers: owner.headers,
      });
      expect(call.statusCode).toBe(503);
      expect(call.headers['retry-after']).toBe('5');
      expect(call.json().errors).toMatch(/try again/);
      return;
    }
    // PostgreSQL comes back: the pool and the LISTEN connection reconnect, and it is ready again.
    const name = new URL(t.config.databaseUrl as string).pathname.slice(1);
    await admin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    const back = await until(ready, (r) => r.statusCode === 200, 30_000);
    expect(back.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'ok' },
    });
  });
});
