/**
 * One encapsulated Fastify context per auth scheme. A route module is registered INTO the context
 * of its scheme, whose onRequest hook guards every route inside it, so a route cannot forget its
 * guard, and a guarded route cannot leak into another context.
 *
 * - session: a signed-in customer (app.auth: X-Auth-Token + X-User-Id), request.caller is set;
 * - registration: a registration link's token (Basic auth), request.registration is set. Refused
 *   (SIGNUP_COMPLETED) once its user has completed sign-up or has a password: the link signs in,
 *   so it must never outlive the password that now guards the account;
 * - apiToken: the custom sign-up's API token header (X-Api-Token): the deployment's
 *   SIGNUP_API_TOKEN (the provider's own systems), or a sales lead's link pass (`<lead id>:<key>`,
 *   domain/signup/signup-links.ts), which the page of that link sends and which opens that lead only
 *   (request.signupAccess); apiTokenOrSession also accepts a signed-in customer (GET /services,
 *   which the other sign-up flows call after step 1). Wrong tokens and keys are counted per
 *   address before the route's own limiter could see them, and an address with too many gets 429
 *   (domain/signup/token-checks.ts);
 * - signedUrl: a link signed with becomeSecret (downloads, recordings: an <a> or <audio> sends no
 *   headers). Each route names its verifier in `config.signedUrl`; a route without one is refused;
 * - public: no guard (sign-in, sign-up step 1, places, error reports); rate-limited per route.
 *
 * The guards run onRequest, before validation: an unauthorised caller learns nothing about the
 * input rules, and a 401 stays a 401 whatever the body.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { API_TOKEN_HEADER, SIGNUP_COMPLETED } from '../../src/api/contracts/signup';
import { type Config, ConfigError } from '../config';
import { NO_LEAD } from '../domain/signup/signup-custom';
import { basicToken, findRegistrationLink } from '../domain/signup/signup-invite';
import { parsePass, passOpens } from '../domain/signup/signup-links';
import { countTokenCheck } from '../domain/signup/token-checks';
import { nowMs } from '../lib/clock';
import { hmac, safeEqual } from '../lib/crypto';
import { notFound, unauthorized, unprocessable } from '../lib/errors';
import { estimatedBits, MIN_TOKEN_BITS } from '../lib/token-entropy';

export type Registration = NonNullable<Awaited<ReturnType<typeof findRegistrationLink>>>;
/** What the API token header opened: every lead (the deployment's token) or one lead's link. */
export type SignupAccess = { lead: string | null };

declare module 'fastify' {
  interface FastifyRequest {
    registration: Registration | null;
    signupAccess: SignupAccess | null;
  }
  interface FastifyContextConfig {
    /** The auth scheme of the context the route was registered in (set by the context). */
    auth?: AuthScheme;
    /** In the signedUrl context: whether this request's link is signed and unexpired. */
    signedUrl?: (secret: string, request: FastifyRequest) => boolean;
  }
}

export const BAD_REGISTRATION_LINK = 'This registration link is invalid or has expired';

const MIN_SIGNUP_TOKEN_LENGTH = 32;

/**
 * SIGNUP_API_TOKEN: the custom sign-up's API token for the provider's own systems and the key of
 * every sign-up link (domain/signup/signup-links.ts). Required under NODE_ENV=production, and a set
 * value must be long and unpredictable (lib/token-entropy.ts) (a ConfigError while the app is
 * built, which main.ts prints); elsewhere, unset, it is derived from the server's
 * become secret (random per data directory), so no value in the source or the client bundle opens
 * anything.
 */
export function signupSecret(
  becomeSecret: string,
  config: Pick<Config, 'signupApiToken' | 'nodeEnv'>,
): string {
  const set = config.signupApiToken ?? '';
  if (set && set.length < MIN_SIGNUP_TOKEN_LENGTH)
    throw new ConfigError(
      `SIGNUP_API_TOKEN is too short: use at least ${MIN_SIGNUP_TOKEN_LENGTH} random characters (e.g. openssl rand -base64 32).`,
    );
  // Long is not enough: `aaaa…` or a repeated word would open every sign-up link to a guess.
  if (set && estimatedBits(set) < MIN_TOKEN_BITS)
    throw new ConfigError(
      `SIGNUP_API_TOKEN is too predictable (repeats, runs such as abcd or 1234, or words such as "secret"): use ${MIN_SIGNUP_TOKEN_LENGTH} or more random characters (e.g. openssl rand -base64 32).`,
    );
  if (set) return set;
  if (config.nodeEnv === 'production')
    throw new ConfigError(
      'SIGNUP_API_TOKEN is required under NODE_ENV=production: it keys the sign-up links and authorises the custom sign-up calls. Set it to at least 32 random characters (e.g. openssl rand -base64 32), the same on every instance.',
    );
  return hmac(becomeSecret, 'signup-api-token');
}

/** What the API token header was checked as: `access` null when it opened nothing. */
type TokenVerdict = { access: SignupAccess | null; subject: string };

/** The deployment's token opens every lead; a lead's link pass opens that lead; null: no header. */
function checkApiToken(secret: string, request: FastifyRequest): TokenVerdict | null {
  const sent = request.headers[API_TOKEN_HEADER.toLowerCase()];
  if (typeof sent !== 'string' || sent === '') return null;
  if (safeEqual(sent, secret)) return { access: { lead: null }, subject: 'api-token' };
  const pass = parsePass(sent);
  if (!pass) return { access: null, subject: 'api-token' };
  const opens = passOpens(secret, 'lead', pass.id, sent);
  return { access: opens ? { lead: pass.id } : null, subject: `lead:${pass.id}` };
}

/**
 * The access the header gives, counted per address (domain/signup/token-checks.ts: 429 once an
 * address has too many wrong ones); null when none was sent or a wrong token was.
 */
async function signupAccessOf(app: FastifyInstance, secret: string, request: FastifyRequest) {
  const verdict = checkApiToken(secret, request);
  if (!verdict) return null;
  await countTokenCheck(app.db, app.config, request.ip, verdict.subject, verdict.access !== null);
  // A pass whose key does not open its lead is a wrong link: the same answer as an unknown lead.
  if (!verdict.access && verdict.subject !== 'api-token') throw notFound(NO_LEAD);
  return verdict.access;
}

/** In the api-token contexts: whether this request may read or act on the lead with this id. */
export function mayOpenLead(request: FastifyRequest, salesforceId: string): boolean {
  const lead = request.signupAccess?.lead;
  return lead === null || lead === salesforceId.trim();
}

type Guard = (request: FastifyRequest) => Promise<void>;
export type ContextOptions = { routes: FastifyPluginAsync[] };
export type AuthScheme =
  | 'session'
  | 'registration'
  | 'api-token'
  | 'api-token-or-session'
  | 'signed-url'
  | 'public';

/**
 * A context whose guard runs before every route registered in it; routes are tagged with it. The
 * guard is made when the context is registered, so a setting it needs is checked while the app is
 * built.
 */
function authContext(
  scheme: AuthScheme,
  makeGuard: ((app: FastifyInstance) => Guard) | null,
): FastifyPluginAsync<ContextOptions> {
  return async (app, { routes }) => {
    // The tag lets a test list every route with its scheme: a route outside any context shows.
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: scheme };
    });
    if (makeGuard) {
      const guard = makeGuard(app);
      app.addHook('onRequest', (request) => guard(request));
    }
    for (const route of routes) await app.register(route);
  };
}

export const sessionContext = authContext('session', (app) => (request) => app.auth(request));

export const registrationContext = authContext('registration', (app) => async (request) => {
  const token = basicToken(request);
  const found = token ? await findRegistrationLink(app.db, token) : null;
  if (!found) throw unprocessable(BAD_REGISTRATION_LINK);
  // Spent with the password anyway (passwords.ts, signup.ts); checked here too, so no path that
  // sets a password or completes sign-up can leave a link that still signs in. Said before the
  // link's own state, so an old link of a finished account answers what the wizard expects.
  if (found.user.signup_completed || found.user.password_hash) throw unprocessable(SIGNUP_COMPLETED);
  if (found.token.used_at || found.token.expires_at.getTime() <= nowMs())
    throw unprocessable(BAD_REGISTRATION_LINK);
  request.registration = found;
});

export const apiTokenContext = authContext('api-token', (app) => {
  const secret = signupSecret(app.becomeSecret, app.config);
  app.decorateRequest('signupAccess', null);
  return async (request) => {
    request.signupAccess = await signupAccessOf(app, secret, request);
    if (!request.signupAccess) throw unauthorized('A valid API token is required');
  };
});

export const apiTokenOrSessionContext = authContext('api-token-or-session', (app) => {
  const secret = signupSecret(app.becomeSecret, app.config);
  app.decorateRequest('signupAccess', null);
  return async (request) => {
    request.signupAccess = await signupAccessOf(app, secret, request);
    if (!request.signupAccess) await app.auth(request);
  };
});

export const signedUrlContext = authContext('signed-url', (app) => async (request) => {
  const verify = request.routeOptions.config.signedUrl;
  if (!verify?.(app.becomeSecret, request)) throw notFound('This link has expired');
});

export const publicContext = authContext('public', null);

/** The registration of a route in the registration context. */
export function registrationOf(request: FastifyRequest): Registration {
  if (!request.registration) throw unprocessable(BAD_REGISTRATION_LINK);
  return request.registration;
}
