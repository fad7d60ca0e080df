/**
 * GET /metrics (issue 52, item 5; server/ops/metrics.ts): off unless configured, behind a bearer
 * token on the API's port or on a port of its own; read with a Prometheus text-format parser, it
 * has the series README "Metrics" lists, with values that follow what the server did: requests by
 * route pattern, the job queue by kind (depth, oldest age, failures), outbox batch sizes, open
 * live streams, and the PostgreSQL pool or the PGlite queue. On PGlite and PostgreSQL.
 */
import { createServer } from 'node:net';
import parse, { type Family } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { jobs } from '../../server/db/schema/jobs';
import { metricsFrom } from '../../server/ops/metrics-config';
import { dbKinds, type Session, signIn, startApp, type TestApp } from './helpers';

const TOKEN = 'metrics-test-token-0123456789abcdef0123';
const KIND = 'metrics-test-kind';

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The families of a scrape, by name. */
function families(text: string): Map<string, Family> {
  return new Map(parse(text).map((family) => [family.name, family]));
}

/** The value of the sample of `name` whose labels include `labels` (undefined when none has). */
function value(
  all: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const sample = all
    .get(name)
    ?.metrics.find((m) => Object.entries(labels).every(([key, v]) => m.labels?.[key] === v));
  return sample?.value === undefined ? undefined : Number(sample.value);
}

describe.each(dbKinds)('GET /metrics on %s', (kind) => {
  let t: TestApp;
  let owner: Session;
  let base: string;
  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers });

  beforeAll(async () => {
    t = await startApp(kind, { metrics: { token: TOKEN, port: null, host: '127.0.0.1' } });
    owner = await signIn(t, 'owner@demo.test');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t?.close());

  it('asks for the bearer token', async () => {
    const none = await scrape({});
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect((await scrape({ authorization: 'Bearer not-the-token' })).statusCode).toBe(401);
    expect((await scrape({ authorization: TOKEN })).statusCode).toBe(401);
  });

  it('has the series of requests, jobs, outbox batches, live streams and the database', async () => {
    // Traffic of every kind the series count.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: owner.headers }))
        .statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/v1/outbox/batch',
      headers: owner.headers,
      payload: {
        items: [1, 2, 3].map((i) => ({
          method: 'PUT',
          path: '/notifications/read_all',
          idempotency_key: `metrics-${kind}-${Date.now()}-${i}`,
          body: { up_to: 0 },
        })),
      },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    await t.db.insert(jobs).values([
      { kind: KIND, payload: {}, run_at: tenMinutesAgo },
      { kind: KIND, payload: {}, run_at: new Date() },
      { kind: KIND, payload: {}, status: 'failed', attempts: 5, last_error: 'boom', finished_at: new Date() },
    ]);
    // A live stream held open while we scrape.
    const stream = new AbortController();
    const live = await fetch(`${base}/api/v1/live`, {
      headers: { accept: 'text/event-stream', ...owner.headers },
      signal: stream.signal,
    });
    expect(live.status).toBe(200);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const all = families(res.body);

    expect(all.get('portal_http_requests_total')?.type).toBe('COUNTER');
    const route = '/api/v1/notifications';
    expect(value(all, 'portal_http_requests_total', { method: 'GET', route, status_code: '200' })).toBe(1);
    expect(value(all, 'portal_http_requests_total', { method: 'GET', route, status_code: '401' })).toBe(1);
    const latency = all.get('portal_http_request_duration_seconds');
    expect(latency?.type).toBe('HISTOGRAM');
    expect(latency?.metrics.length).toBeGreaterThan(0);

    expect(value(all, 'portal_jobs_queued', { kind: KIND })).toBe(2);
    expect(value(all, 'portal_jobs_oldest_queued_seconds', { kind: KIND })).toBeGreaterThanOrEqual(590);
    expect(value(all, 'portal_jobs_failed', { kind: KIND })).toBe(1);
    expect(value(all, 'portal_jobs_running', { kind: KIND })).toBe(0);
    // Every kind this process runs has its series, even with nothing queued.
    expect(value(all, 'portal_jobs_queued', { kind: 'job-prune' })).toBeDefined();

    const batches = all.get('portal_outbox_batch_items');
    expect(batches?.type).toBe('HISTOGRAM');
    expect(batches?.metrics[0].buckets?.['5']).toBe('1');
    expect(batches?.metrics[0].buckets?.['2']).toBe('0');

    expect(value(all, 'portal_live_streams')).toBe(1);
    if (kind === 'pglite') {
      expect(value(all, 'portal_pglite_queue')).toBeGreaterThanOrEqual(0);
    } else {
      expect(value(all, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(value(all, 'portal_db_pool_waiting')).toBeGreaterThanOrEqual(0);
    }
    // The process's own figures (prom-client's defaults).
    expect(value(all, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(all.has('nodejs_eventloop_lag_seconds')).toBe(true);

    // The stream closed: the gauge comes back down.
    stream.abort();
    await live.body?.cancel().catch(() => {});
    const deadline = Date.now() + 10_000;
    let open = value(families((await scrape()).body), 'portal_live_streams');
    while (open !== 0 && Date.now() < deadline) {
      await new Promise((r) => setImmediate(r));
      open = value(families((await scrape()).body), 'portal_live_streams');
    }
    expect(open).toBe(0);
  });
});

describe('GET /metrics when the database does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { metrics: { token: TOKEN, port: null, host: '127.0.0.1' } });
  });
  afterAll(() => t?.close());

  it('is a 503, so the scraper marks the instance down rather than keeping old figures', async () => {
    const failing = vi.spyOn(t.handle.db, 'execute').mockRejectedValue(new Error('database gone'));
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ errors: 'Database unavailable' });
    } finally {
      failing.mockRestore();
    }
  });
});

describe('GET /metrics on a port of its own', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await startApp('pglite', { metrics: { token: null, port, host: '127.0.0.1' } });
  });
  afterAll(() => t?.close());

  it('answers there, and not on the API port', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(families(await res.text()).has('portal_http_requests_total')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('the metrics settings', () => {
  it('are off unless METRICS_TOKEN or METRICS_PORT is set', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(metricsFrom({ METRICS_TOKEN: TOKEN }, 8080)).toEqual({
      token: TOKEN,
      port: null,
      host: '127.0.0.1',
    });
    expect(metricsFrom({ METRICS_PORT: '9464' }, 8080)).toEqual({
      token: null,
      port: 9464,
      host: '127.0.0.1',
    });
  });

  it('refuse a short token, a bad port, or the API port', () => {
    expect(() => metricsFrom({ METRICS_TOKEN: 'short' }, 8080)).toThrow(/at least 32/);
    expect(() => metricsFrom({ METRICS_PORT: 'x' }, 8080)).toThrow(/port number/);
    expect(() => metricsFrom({ METRICS_PORT: '8080' }, 8080)).toThrow(/differ from PORT/);
  });
});
