/**
 * One encapsulated Fastify context per auth scheme. A route module is registered INTO the context
 * of its scheme, whose onRequest hook guards every route inside it, so a route cannot forget its
 * guard, and a guarded route cannot leak into another context.
 *
 * - session: a signed-in customer (app.auth: X-Auth-Token + X-User-Id), request.caller is set;
 * - registration: a registration link's token (Basic auth), request.registration is set;
 * - apiToken: the custom sign-up's fixed API token header (X-Api-Token); apiTokenOrSession also
 *   accepts a signed-in customer (GET /services, which the other sign-up flows call after step 1);
 * - signedUrl: a link signed with becomeSecret (downloads, recordings: an <a> or <audio> sends no
 *   headers). Each route names its verifier in `config.signedUrl`; a route without one is refused;
 * - public: no guard (sign-in, sign-up step 1, places, error reports); rate-limited per route.
 *
 * The guards run onRequest, before validation: an unauthorised caller learns nothing about the
 * input rules, and a 401 stays a 401 whatever the body.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { API_TOKEN_HEADER, DEV_SIGNUP_API_TOKEN } from '../../src/api/contracts/signup';
import { basicToken, findRegistration } from '../domain/signup-invite';
import { safeEqual } from '../lib/crypto';
import { notFound, unauthorized, unprocessable } from '../lib/errors';

export type Registration = NonNullable<Awaited<ReturnType<typeof findRegistration>>>;

declare module 'fastify' {
  interface FastifyRequest {
    registration: Registration | null;
  }
  interface FastifyContextConfig {
    /** The auth scheme of the context the route was registered in (set by the context). */
    auth?: AuthScheme;
    /** In the signedUrl context: whether this request's link is signed and unexpired. */
    signedUrl?: (secret: string, request: FastifyRequest) => boolean;
  }
}

export const BAD_REGISTRATION_LINK = 'This registration link is invalid or has expired';

export const signupApiToken = (env: NodeJS.ProcessEnv = process.env) =>
  env.SIGNUP_API_TOKEN || DEV_SIGNUP_API_TOKEN;

function hasApiToken(request: FastifyRequest): boolean {
  const sent = request.headers[API_TOKEN_HEADER.toLowerCase()];
  return typeof sent === 'string' && safeEqual(sent, signupApiToken());
}

type Guard = (app: FastifyInstance, request: FastifyRequest) => Promise<void>;
export type ContextOptions = { routes: FastifyPluginAsync[] };
export type AuthScheme =
  | 'session'
  | 'registration'
  | 'api-token'
  | 'api-token-or-session'
  | 'signed-url'
  | 'public';

/** A context whose guard runs before every route registered in it; routes are tagged with it. */
function authContext(scheme: AuthScheme, guard: Guard | null): FastifyPluginAsync<ContextOptions> {
  return async (app, { routes }) => {
    // The tag lets a test list every route with its scheme: a route outside any context shows.
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: scheme };
    });
    if (guard) app.addHook('onRequest', (request) => guard(app, request));
    for (const route of routes) await app.register(route);
  };
}

export const sessionContext = authContext('session', (app, request) => app.auth(request));

export const registrationContext = authContext('registration', async (app, request) => {
  const token = basicToken(request);
  const found = token ? await findRegistration(app.db, token) : null;
  if (!found) throw unprocessable(BAD_REGISTRATION_LINK);
  request.registration = found;
});

export const apiTokenContext = authContext('api-token', async (_app, request) => {
  if (!hasApiToken(request)) throw unauthorized('A valid API token is required');
});

export const apiTokenOrSessionContext = authContext('api-token-or-session', async (app, request) => {
  if (!hasApiToken(request)) await app.auth(request);
});

export const signedUrlContext = authContext('signed-url', async (app, request) => {
  const verify = request.routeOptions.config.signedUrl;
  if (!verify?.(app.becomeSecret, request)) throw notFound('This link has expired');
});

export const publicContext = authContext('public', null);

/** The registration of a route in the registration context. */
export function registrationOf(request: FastifyRequest): Registration {
  if (!request.registration) throw unprocessable(BAD_REGISTRATION_LINK);
  return request.registration;
}
