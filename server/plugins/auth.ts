/**
 * Who is calling: resolves the session from X-Auth-Token + X-User-Id (+ X-Impersonate-Id) and
 * puts the caller on the request. Routes never add a guard themselves: they are registered inside
 * the auth context of their scheme (auth-contexts.ts), whose onRequest hook runs `app.auth` (or
 * the scheme's own check) for every route in it.
 *
 * - One statement per request: the session, its user and the organization's time zone (and the
 *   versions of lib/version-cache.ts) together.
 * - Tokens are looked up by SHA-256; a revoked, idle-expired or absolutely-expired session is 401.
 * - The user id header must match the session's user, and an impersonation id must match the
 *   session's impersonator: a token alone is not enough.
 * - Every request made while impersonating is written to audit_log with both identities.
 * - What staff may do while impersonating (README "Security settings"): everything the customer
 *   reads and their everyday work (reviews, filters, exports, notifications), all audited; not
 *   what moves money or touches credentials or devices. Every route that moves money or touches
 *   payment methods is listed once, here (MONEY_ROUTES), and marked `customerOnly` as it is
 *   registered; a start where one of them no longer exists fails, so a renamed route cannot slip
 *   out of the list. A `customerOnly` route (those, and push subscriptions, which set it
 *   themselves) answers 403 to an impersonated session, like the password change does.
 * - The audit row's path has its credentials redacted (lib/redact-url.ts), like the request log.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findOpenSession, touchSession, writeAudit } from '../domain/auth/sessions';
import { nowMs } from '../lib/clock';
import { sha256 } from '../lib/crypto';
import { HttpError, unauthorized } from '../lib/errors';
import { redactUrl } from '../lib/redact-url';

export type Caller = {
  userId: number;
  organizationId: number;
  sessionId: number;
  email: string;
  isSocius: boolean;
  impersonatorId: number | null;
  /** The organization's time zone and RevConnect flag, read with the session (no second query). */
  timeZone: string;
  showRevconnect: boolean;
  /** The organization's versions as of this request: they key what lib/version-cache.ts holds
   *  (the leads statistics, the user settings). */
  leadsVersion: number;
  settingsVersion: number;
};

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** Refused (403) to a staff member impersonating the customer. */
    customerOnly?: boolean;
  }
  interface FastifyInstance {
    /** Resolves the session onto request.caller, or throws 401. */
    auth: (request: FastifyRequest) => Promise<void>;
  }
}

export const STAFF_REFUSED = 'Not allowed while impersonating a customer';

/**
 * Money and payment methods, as `METHOD url` (the full path): paying an invoice, the card
 * provider's checkout token, adding, assigning, editing and deleting a payment method, and
 * enrolling in a paid product. Refused to staff impersonating the customer.
 */
export const MONEY_ROUTES: readonly string[] = [
  'POST /api/v1/invoices/:id',
  'GET /api/v1/:platform/paysimple/token',
  'POST /api/v1/:platform/payment_methods/create',
  'POST /api/v1/:platform/payment_methods/update',
  'POST /api/v1/:platform/payment_methods/:id/edit',
  'DELETE /api/v1/:platform/payment_methods/:id',
  'POST /api/v1/directories/enroll',
];

/** The caller of a route in the session context (throws if the route sits outside it). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, config } = app;
    const idleMs = config.session.idleMinutes * 60_000;
    app.decorateRequest('caller', null);
    app.decorateRequest('registration', null);

    // Routes registered after this plugin (all of the API) pass here: the money routes become
    // customerOnly whatever their module says.
    const money = new Set(MONEY_ROUTES);
    const marked = new Set<string>();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        const name = `${method} ${route.url}`;
        if (!money.has(name)) continue;
        route.config = { ...route.config, customerOnly: true };
        marked.add(name);
      }
    });
    app.addHook('onReady', async () => {
      const missing = MONEY_ROUTES.filter((name) => !marked.has(name));
      if (missing.length > 0)
        throw new Error(`auth: money routes not registered (update MONEY_ROUTES): ${missing.join(', ')}`);
    });

    app.decorate('auth', async (request: FastifyRequest) => {
      const token = header(request, 'x-auth-token');
      const userId = Number(header(request, 'x-user-id'));
      if (!token || !Number.isInteger(userId)) throw unauthorized('Sign in to continue');
      const row = await findOpenSession(db, sha256(token));
      const now = nowMs();
      if (!row || row.userId !== userId) throw unauthorized();
      const lastSeen = row.lastSeenAt.getTime();
      if (row.expiresAt.getTime() <= now || lastSeen + idleMs <= now) throw unauthorized();
      const impersonateHeader = header(request, 'x-impersonate-id');
      if (impersonateHeader && Number(impersonateHeader) !== row.impersonatorId) throw unauthorized();
      // Touch at most once a minute: the idle clock does not need a write per request.
      if (now - lastSeen > 60_000) await touchSession(db, row.sessionId, new Date(now));
      request.caller = {
        userId: row.userId,
        organizationId: row.organizationId,
        sessionId: row.sessionId,
        email: row.email,
        isSocius: row.isSocius,
        impersonatorId: row.impersonatorId,
        timeZone: row.timeZone,
        showRevconnect: row.showRevconnect,
        leadsVersion: row.leadsVersion,
        settingsVersion: row.settingsVersion,
      };
      if (row.impersonatorId !== null && request.routeOptions.config?.customerOnly)
        throw new HttpError(403, { errors: STAFF_REFUSED });
    });

    app.addHook('onResponse', async (request, reply) => {
      const caller = request.caller;
      if (!caller?.impersonatorId) return;
      await writeAudit(db, {
        staff_id: caller.impersonatorId,
        user_id: caller.userId,
        session_id: caller.sessionId,
        method: request.method,
        path: redactUrl(request.url).slice(0, 500),
        status: reply.statusCode,
      }).catch((error) => request.log.error({ err: error }, 'audit write failed'));
    });
  },
  { name: 'auth', dependencies: ['app-context'] },
);
