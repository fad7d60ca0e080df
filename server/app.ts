/**
 * Builds the Fastify instance used by `server/main.ts` and by every test.
 *
 * Order matters, and is: plugins first, then routes.
 * - The app context (db, live bus, config, secret) before anything, since every later plugin and
 *   route reads those decorations; the superstruct validator compiler before any route, since a
 *   route's schema is compiled when it is added.
 * - Drain, health and load shedding (issue 52) right after the job worker: /readyz reads the worker,
 *   and the shedding and drain hooks must cover every later route.
 * - Security headers and the error handler next, so every later failure is shaped as {errors};
 *   then rate limiting and auth (the auth contexts call `app.auth`).
 * - Then the API under /api/v1, each route module inside the auth context of its scheme
 *   (plugins/auth-contexts.ts), and last the static PWA with its client-route fallback.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { isDatabaseUnavailable } from './db/unavailable';
import { addressKey } from './domain/auth/rate-limit';
import { jobWorkerPlugin } from './jobs/plugin';
import { HttpError } from './lib/errors';
import { serializeRequest } from './lib/redact-url';
import { startLinks } from './lib/start-links';
import { ContractMismatch, checkResponses, structValidatorCompiler } from './lib/validation';
import { operationsPlugin } from './ops/plugin';
import { appContext } from './plugins/app-context';
import { authPlugin } from './plugins/auth';
import {
  type AuthScheme,
  apiTokenContext,
  apiTokenOrSessionContext,
  publicContext,
  registrationContext,
  sessionContext,
  signedUrlContext,
} from './plugins/auth-contexts';
import { drainPlugin } from './plugins/drain';
import { healthPlugin } from './plugins/health';
import { securityHeaders } from './plugins/security-headers';
import { type ServiceSettings, unshedSettings } from './plugins/service-settings';
import { accountRoutes } from './routes/account';
import { activityRoutes } from './routes/activities';
import { analyticsEmbedRoutes, analyticsRoutes } from './routes/analytics';
import { billingRoutes } from './routes/billing';
import { devBillingRoutes } from './routes/billing-dev';
import { campaignRoutes } from './routes/campaigns';
import { devRoutes } from './routes/dev';
import { devClockRoutes, testClockEnabled } from './routes/dev-clock';
import { devSignupRoutes } from './routes/dev-signup';
import { errorRoutes } from './routes/errors';
import { exportDownloadRoutes, exportRoutes } from './routes/exports';
import { filterRoutes } from './routes/filters';
import { devLeadRoutes, leadRecordingRoutes, leadRoutes } from './routes/leads';
import { liveRoutes } from './routes/live';
import { marketingRoutes } from './routes/marketing';
import { notificationRoutes } from './routes/notifications';
import { outboxBatchRoutes } from './routes/outbox-batch';
import { overviewRoutes } from './routes/overview';
import { passwordRoutes } from './routes/password';
import { paymentRoutes } from './routes/payments';
import { performanceSocialRoutes } from './routes/performance-social';
import { placesRoutes } from './routes/places';
import { productRoutes } from './routes/products';
import { pushRoutes } from './routes/push';
import { reportRoutes } from './routes/reports';
import { seoRoutes } from './routes/seo';
import { serviceAreaRoutes } from './routes/service-areas';
import { partnerServicesRoutes } from './routes/services-partners';
import { authenticateRoutes, sessionPublicRoutes, sessionRoutes } from './routes/session';
import { registrationVerifyRoutes, signupRoutes } from './routes/signup';
import { signupAccountRoutes } from './routes/signup-accounts';
import { customSignupRoutes, servicesRoutes } from './routes/signup-custom';
import { tableConfigRoutes } from './routes/table-config';
import { logoRoutes, storageRoutes, uploadRoutes } from './routes/uploads';
import { userRoutes } from './routes/user';
import { marketingSandboxRoutes } from './sandbox/marketing-routes';
import { paysimpleSandboxRoutes } from './sandbox/paysimple-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route, with whether it declares a response contract (config.response). */
    routeList: RouteEntry[];
  }
}

export type RouteEntry = {
  method: string;
  url: string;
  hasContract: boolean;
  auth: AuthScheme | undefined;
  /** The route's input structs (params, querystring, body), for the fuzzer to aim at real fields. */
  schema: { params?: unknown; querystring?: unknown; body?: unknown } | undefined;
};

export type AppOptions = {
  config: Config;
  handle: DbHandle;
  logger?: FastifyServerOptions['logger'];
  /** Tests: validate every JSON 2xx answer against its route's `config.response` contract. */
  checkResponses?: boolean;
  /** Readiness, load shedding and drain limits (plugins/service-settings.ts); without it, no shedding. */
  service?: ServiceSettings;
};

export async function buildApp({
  config,
  handle,
  logger,
  checkResponses: check = false,
  service = unshedSettings(),
}: AppOptions) {
  const app = Fastify({
    // Whatever logger is given, requests are logged with their credentials redacted (lib/redact-url.ts).
    logger: withRedaction(logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    bodyLimit: 4 * 1024 * 1024,
    // Many test servers share one machine: let a slow argon2 hash finish before we close.
    forceCloseConnections: true,
    // A request must arrive whole within 60 s (a slow body no longer holds a socket forever; 4 MB,
    // the body limit, still fits a slow mobile link); once
    // it has, the answer may take as long as it needs, so the live stream stays open.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // An idle socket closes after 2 minutes; the live stream writes a ping every 15 s.
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    // Errors before routing (oversized headers, a malformed request line) answer {errors} too.
    clientErrorHandler: answerClientError,
  });
  // Every route, for the tests that prove each one answers bad input with a 4xx.
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const hasContract = Boolean(route.config?.response);
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      // Read later: the auth context tags the route in its own onRoute hook, which runs after this one.
      routeList.push({
        method,
        url: route.url,
        hasContract,
        schema: route.schema as RouteEntry['schema'],
        get auth() {
          return route.config?.auth;
        },
      });
    }
  });
  app.setValidatorCompiler(structValidatorCompiler);
  await app.register(appContext, { config, handle });
  await app.register(jobWorkerPlugin);
  // Running as a service (issue 52): drain on close, /healthz, /readyz, load shedding.
  await app.register(drainPlugin, { drainMs: service.drainMs });
  await app.register(healthPlugin, service);
  // GET /metrics and the backup socket (ops/plugin.ts): before every route, so metrics see them all.
  await app.register(operationsPlugin);

  await app.register(securityHeaders, HELMET_OPTIONS);

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Every 429 says when to come back (the database limiter's window; @fastify/rate-limit sets its own).
    if (error.statusCode === 429 && !reply.hasHeader('retry-after'))
      reply.header('retry-after', String(config.rateLimit.windowMinutes * 60));
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    // The database cannot answer (db/unavailable.ts): 503, which the client retries, not a 500.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ errors: DATABASE_UNAVAILABLE });
    }
    // Only with checkResponses (tests): say which contract broke, loudly.
    if (error instanceof ContractMismatch) return reply.code(500).send({ errors: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ errors: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ errors: 'Something went wrong on our side. Please try again.' });
  });
  if (check) checkResponses(app);

  // Per-route limits count an IPv6 client by its /64, as the sign-in limits do (domain/auth/rate-limit.ts).
  await app.register(rateLimit, { global: false, keyGenerator: (request) => addressKey(request.ip) });
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      // JSON answers above 1 KB go out gzip/brotli when the client accepts it (never the live
      // stream: it hijacks the reply, so no onSend hook sees it).
      await api.register(compress, API_COMPRESSION);
      // API answers are per caller and change under it: no HTTP cache keeps them (the service
      // worker stores reads in IndexedDB itself). Set before the route runs, so a route that sets
      // its own cache-control replaces it (synchronous: no promise per request).
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      await api.register(publicContext, {
        routes: [
          sessionPublicRoutes,
          passwordRoutes,
          placesRoutes,
          errorRoutes,
          signupRoutes,
          logoRoutes,
          ...(config.devTools ? [devLeadRoutes] : []),
          ...(config.devTools ? [devBillingRoutes] : []),
        ],
      });
      await api.register(sessionContext, {
        routes: [
          sessionRoutes,
          userRoutes,
          notificationRoutes,
          liveRoutes,
          exportRoutes,
          leadRoutes,
          reportRoutes,
          performanceSocialRoutes,
          filterRoutes,
          tableConfigRoutes,
          signupAccountRoutes,
          paymentRoutes,
          activityRoutes,
          uploadRoutes,
          overviewRoutes,
          seoRoutes,
          billingRoutes,
          marketingRoutes,
          accountRoutes,
          productRoutes,
          analyticsRoutes,
          partnerServicesRoutes,
          pushRoutes,
          campaignRoutes,
          serviceAreaRoutes,
          outboxBatchRoutes,
        ],
      });
      await api.register(registrationContext, { routes: [authenticateRoutes, registrationVerifyRoutes] });
      await api.register(apiTokenContext, { routes: [customSignupRoutes] });
      await api.register(apiTokenOrSessionContext, { routes: [servicesRoutes] });
      await api.register(signedUrlContext, {
        routes: [exportDownloadRoutes, leadRecordingRoutes, storageRoutes],
      });
      api.all('/*', async (_request, reply) => reply.code(404).send({ errors: 'Not found' }));
    },
    { prefix: '/api/v1' },
  );

  // Outside /api/v1: the dev pages (mailbox, emitter, invitations), the tests' movable clock, and
  // the card provider's sandbox.
  if (config.devTools) await app.register(publicContext, { routes: [devRoutes, devSignupRoutes] });
  if (testClockEnabled(config)) await app.register(publicContext, { routes: [devClockRoutes] });
  await app.register(publicContext, { routes: [paysimpleSandboxRoutes, marketingSandboxRoutes] });
  await app.register(publicContext, { routes: [analyticsEmbedRoutes] });
  await registerPwa(app, config.distDir);
  return app;
}

const REQUEST_TIMEOUT_MS = 60_000;
const DATABASE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
/** Helmet's headers on every answer (plugins/security-headers.ts), with this CSP. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};
/** Compression of API answers: brotli at a low quality (fast), gzip for the rest, above 1 KB. */
const API_COMPRESSION: FastifyCompressOptions = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};
const CONNECTION_TIMEOUT_MS = 120_000;

const STATUS_TEXT: Record<number, string> = {
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** Node's client errors (before any route) as {errors}, like every other answer. */
function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable) return void socket.destroy(error);
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431 ? 'Request headers too large' : status === 408 ? 'Request timed out' : 'Bad request';
  const body = JSON.stringify({ errors: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Serves the built PWA; client routes (no file extension) get index.html, missing files 404.
 *  The build writes .br and .gz beside every text asset (vite.config.ts): those are sent as they
 *  are to a client that accepts them (`preCompressed`), with content-encoding and vary. */
async function registerPwa(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      preCompressed: true,
      setHeaders: (res, sentPath) => {
        // The file sent may be the pre-compressed sibling: its headers are those of the original.
        const path = sentPath.replace(/\.(br|gz)$/, '');
        if (path.endsWith('sw.js') || path.endsWith('index.html') || path.endsWith('.webmanifest')) {
          res.header('cache-control', 'no-cache');
        } else if (path.includes('/assets/')) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const links = hasBuild ? startLinks(distDir) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // HEAD as GET: an uptime probe (many send HEAD) sees the app's page answer, not a 404.
    const read = request.method === 'GET' || request.method === 'HEAD';
    // /dev/* are the dev tools' pages: where they are off (production) they do not exist, so the
    // app shell must not answer for them either (a 200 would say they might be there).
    const devPage = path === '/dev' || path.startsWith('/dev/');
    if (!hasBuild || !read || devPage || path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ errors: 'Not found' });
    }
    reply.header('cache-control', 'no-cache');
    const link = links && (path === '/dashboard' || path.startsWith('/dashboard/')) ? links(path) : null;
    if (link) reply.header('link', link);
    return reply.sendFile('index.html');
  });
}
