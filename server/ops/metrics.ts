/**
 * GET /metrics in the Prometheus text format (prom-client), off unless configured
 * (ops/metrics-config.ts): behind a bearer token on the API's port, or on a port of its own.
 * README "Metrics" lists the series.
 *
 * - Each app has its own registry (tests build many apps in one process; none sees another's).
 * - Requests are counted and timed by route *pattern* (`/api/v1/leads/:id`), never by raw URL,
 *   so the number of series stays bounded whatever clients send; anything no route matched is
 *   `route="unmatched"` (the PWA's client routes, 404s).
 * - The live stream's reply is hijacked (no onResponse): its connections are counted from the
 *   request to the socket's close instead, which is what an operator wants to see anyway.
 * - Outbox batch sizes are read from the parsed body of POST /outbox/batch, before it runs.
 * - Database figures are read at scrape time (ops/metrics-db.ts); a scrape the database cannot
 *   answer is a 503, so the scraper records the instance as down rather than stale numbers.
 * - With metrics off (or on their own port), GET /metrics on the API's port is a plain 404.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { databaseMetrics } from './metrics-db';

const OUTBOX_BATCH_ROUTE = '/api/v1/outbox/batch';
const LIVE_ROUTE = '/api/v1/live';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function hasToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  return Boolean(match) && timingSafeEqual(digest(match?.[1].trim() ?? ''), digest(token));
}

export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.metrics;
    if (!settings) {
      app.get('/metrics', async (_request, reply) => reply.code(404).send({ errors: 'Not found' }));
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status_code'];
    const requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method, route pattern and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const batchSizes = new Histogram({
      name: 'portal_outbox_batch_items',
      help: 'Writes per outbox batch (POST /api/v1/outbox/batch)',
      buckets: [1, 2, 5, 10, 20, 50, 100],
      registers: [registry],
    });
    const liveStreams = new Gauge({
      name: 'portal_live_streams',
      help: 'Open live-stream (server-sent events) connections on this instance',
      registers: [registry],
    });
    const refreshDatabase = databaseMetrics(registry, app.dbHandle);

    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.url === LIVE_ROUTE && request.method === 'GET') {
        liveStreams.inc();
        reply.raw.once('close', () => liveStreams.dec());
      }
      done();
    });
    app.addHook('preHandler', (request, _reply, done) => {
      const items = (request.body as { items?: unknown } | undefined)?.items;
      if (request.routeOptions.url === OUTBOX_BATCH_ROUTE && Array.isArray(items))
        batchSizes.observe(items.length);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    /** The scrape's answer: status, content type and body. */
    const scrape = async (authorization: string | undefined) => {
      if (settings.token && !hasToken(authorization, settings.token))
        return {
          status: 401,
          type: 'application/json',
          body: JSON.stringify({ errors: 'Bearer token required' }),
        };
      try {
        await refreshDatabase();
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: the database did not answer');
        return {
          status: 503,
          type: 'application/json',
          body: JSON.stringify({ errors: 'Database unavailable' }),
        };
      }
      return { status: 200, type: registry.contentType, body: await registry.metrics() };
    };

    if (settings.port === null) {
      app.get('/metrics', async (request, reply) => {
        const answer = await scrape(request.headers.authorization);
        if (answer.status === 401) reply.header('www-authenticate', 'Bearer');
        return reply
          .code(answer.status)
          .header('cache-control', 'no-store')
          .type(answer.type)
          .send(answer.body);
      });
      return;
    }
    app.get('/metrics', async (_request, reply) => reply.code(404).send({ errors: 'Not found' }));
    let server: Server | null = null;
    const port = settings.port;
    app.addHook('onReady', async () => {
      const listening = createServer((request: IncomingMessage, response) => {
        if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
          response.writeHead(404, { 'content-type': 'application/json' }).end('{"errors":"Not found"}');
          return;
        }
        void scrape(request.headers.authorization).then((answer) =>
          response
            .writeHead(answer.status, {
              'content-type': answer.type,
              ...(answer.status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
            })
            .end(answer.body),
        );
      });
      server = listening;
      await new Promise<void>((done, failed) => {
        listening.once('error', failed);
        listening.listen(port, settings.host, () => done());
      });
    });
    app.addHook('onClose', async () => {
      const listening = server;
      server = null;
      if (!listening) return;
      listening.closeAllConnections();
      await new Promise<void>((done) => listening.close(() => done()));
    });
  },
  { name: 'metrics', dependencies: ['app-context'] },
);
