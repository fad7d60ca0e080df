/**
 * Builds the Fastify instance used by `server/main.ts` and by every test.
 *
 * Order matters: security headers and the error handler first (so every later failure is shaped
 * as {errors}), then rate limiting and auth (routes rely on `app.auth`), then the API under
 * /api/v1, and last the static PWA with its client-route fallback.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { becomeSecret } from './domain/become';
import { LiveBus } from './domain/live-bus';
import { HttpError } from './lib/errors';
import { authPlugin } from './plugins/auth';
import type { RouteDeps } from './routes/deps';
import { devRoutes } from './routes/dev';
import { devSignupRoutes } from './routes/dev-signup';
import { errorRoutes } from './routes/errors';
import { exportRoutes } from './routes/exports';
import { filterRoutes } from './routes/filters';
import { leadRoutes } from './routes/leads';
import { liveRoutes } from './routes/live';
import { notificationRoutes } from './routes/notifications';
import { passwordRoutes } from './routes/password';
import { paymentRoutes } from './routes/payments';
import { placesRoutes } from './routes/places';
import { sessionRoutes } from './routes/session';
import { signupRoutes } from './routes/signup';
import { signupAccountRoutes } from './routes/signup-accounts';
import { signupCustomRoutes } from './routes/signup-custom';
import { tableConfigRoutes } from './routes/table-config';
import { userRoutes } from './routes/user';
import { paysimpleSandboxRoutes } from './sandbox/paysimple-routes';

declare module 'fastify' {
  interface FastifyInstance {
    routeList: { method: string; url: string }[];
  }
}

export type AppOptions = { config: Config; handle: DbHandle; logger?: FastifyServerOptions['logger'] };

export async function buildApp({ config, handle, logger }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 4 * 1024 * 1024,
    // Many test servers share one machine: let a slow argon2 hash finish before we close.
    forceCloseConnections: true,
  });
  // Every route, for the tests that prove each one answers bad input with a 4xx.
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push({ method, url: route.url });
  });
  const live = new LiveBus(handle);
  await live.start();
  app.addHook('onClose', () => live.stop());
  const deps: RouteDeps = { db: handle.db, handle, config, becomeSecret: becomeSecret(config.dataDir), live };

  await app.register(helmet, {
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
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ errors: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ errors: 'Something went wrong on our side. Please try again.' });
  });

  await app.register(rateLimit, { global: false });
  await app.register(authPlugin, { db: handle.db, config });

  await app.register(
    async (api) => {
      await sessionRoutes(api, deps);
      await passwordRoutes(api, deps);
      await placesRoutes(api, deps);
      await userRoutes(api, deps);

      await notificationRoutes(api, deps);
      await errorRoutes(api, deps);
      await liveRoutes(api, deps);
      await exportRoutes(api, deps);
      await leadRoutes(api, deps);
      await filterRoutes(api, deps);
      await tableConfigRoutes(api, deps);
      await signupRoutes(api, deps);
      await signupAccountRoutes(api, deps);
      await signupCustomRoutes(api, deps);
      await paymentRoutes(api, deps);
      api.all('/*', async (_request, reply) => reply.code(404).send({ errors: 'Not found' }));
    },
    { prefix: '/api/v1' },
  );

  if (config.devTools) await devRoutes(app, deps);
  if (config.devTools) await devSignupRoutes(app, deps);
  await paysimpleSandboxRoutes(app, deps);
  await registerPwa(app, config.distDir);
  return app;
}

/** Serves the built PWA; client routes (no file extension) get index.html, missing files 404. */
async function registerPwa(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      setHeaders: (res, path) => {
        if (path.endsWith('sw.js') || path.endsWith('index.html') || path.endsWith('.webmanifest')) {
          res.header('cache-control', 'no-cache');
        } else if (path.includes('/assets/')) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (!hasBuild || request.method !== 'GET' || path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ errors: 'Not found' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
