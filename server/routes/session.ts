/**
 * Sign-in, sign-out, registration-token authentication and impersonation (spec part 1 §7).
 * A wrong password is a 422 with an errors string, never a 401: the client treats 401 as an
 * expired session. Too many is a 429 whose errors string the sign-in form shows as it is.
 *
 * - sessionPublicRoutes (public context): create_session (checked by domain/auth/sign-in.ts),
 *   sign_in_link (a one-time link mailed as the second proof), become. Both sign-ins set the
 *   device cookie (domain/auth/device-trust.ts), so the device is known the next time.
 * - sessionRoutes (session context): end_session.
 * - authenticateRoutes (registration context): a registration link -> a session for step 2.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { sessionApi } from '../../src/api/contracts/routes/session';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema/identity';
import { verifyBecome } from '../domain/auth/become';
import { deviceKey, trustDevice } from '../domain/auth/device-trust';
import { sendRetryAfter } from '../domain/auth/rate-limit';
import { openUserSession, revokeSession, startImpersonation } from '../domain/auth/sessions';
import { checkSignIn } from '../domain/auth/sign-in';
import { spendSignInLink } from '../domain/auth/sign-in-links';
import { loadSessionUser, loadTabs, normaliseEmail } from '../domain/auth/users';
import { unprocessable } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { BAD_REGISTRATION_LINK, registrationOf } from '../plugins/auth-contexts';
import { serve } from './serve';

const BAD_PASS = 'This impersonation link is invalid or has expired';
const BAD_SIGN_IN_LINK = 'This sign-in link is invalid, used or expired. Please sign in again.';

type SignedInUser = { id: number; show_ad: boolean; ad_type: string | null };

/** A new session for the user and what the client's session store keeps of it. */
async function loginAnswer(db: Db, config: Config, user: SignedInUser) {
  const [loaded, tabs, { token }] = await Promise.all([
    loadSessionUser(db, user.id),
    loadTabs(db, user.id),
    openUserSession(db, user.id, null, config.session.absoluteHours),
  ]);
  return {
    token,
    user_id: user.id,
    user: loaded!.user,
    business_profile: loaded!.business_profile,
    show_ad: user.show_ad,
    ad_type: user.show_ad ? ((user.ad_type as 'ad_0' | 'ad_1' | null) ?? 'ad_0') : null,
    tabs,
  };
}

export const sessionPublicRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db, config } = app;
  const signing = { db, config, deviceKey: deviceKey(app.becomeSecret) };
  app.addHook('onError', sendRetryAfter);

  serve(app, sessionApi.postClientCreateSession, async (request, reply) => {
    const email = normaliseEmail(request.body.email);
    const { user, device } = await checkSignIn(signing, request, email, request.body.password);
    trustDevice(request, reply, signing.deviceKey, user.id, device ?? undefined);
    return loginAnswer(db, config, user);
  });

  serve(
    app,
    sessionApi.postClientSignInLink,
    async (request, reply) => {
      const userId = await spendSignInLink(db, request.body.token);
      const user = userId === null ? undefined : await loadSignInUser(db, userId);
      if (!user) throw unprocessable(BAD_SIGN_IN_LINK);
      trustDevice(request, reply, signing.deviceKey, user.id);
      return loginAnswer(db, config, user);
    },
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );

  serve(app, sessionApi.postClientBecome, async (request) => {
    const claims = verifyBecome(app.becomeSecret, request.body.ed, request.body.email);
    if (!claims) throw unprocessable(BAD_PASS);
    const result = await startImpersonation(db, claims);
    if (!result) throw unprocessable(BAD_PASS);
    request.log.info({ staff: result.staffId, user: result.userId }, 'impersonation started');
    const loaded = await loadSessionUser(db, result.userId);
    return {
      token: result.token,
      user_id: result.userId,
      user: loaded!.user,
      impersonate_id: result.staffId,
      tabs: await loadTabs(db, result.userId),
    };
  });
};

export const sessionRoutes: FastifyPluginAsync = async (app) => {
  serve(app, sessionApi.postClientEndSession, async (request) => {
    await revokeSession(app.db, callerOf(request).sessionId);
    return { message: 'Logout Successful' };
  });
};

/** Registration token (Basic auth) -> a session for continuing sign-up at step 2. */
export const authenticateRoutes: FastifyPluginAsync = async (app) => {
  serve(app, sessionApi.postClientAuthenticate, async (request) => {
    const { user } = registrationOf(request);
    const loaded = await loadSessionUser(app.db, user.id);
    if (!loaded) throw unprocessable(BAD_REGISTRATION_LINK);
    const session = await openUserSession(app.db, user.id, null, app.config.session.absoluteHours);
    return {
      payload: { token: session.token, user_id: user.id, email: loaded.row.user.email },
      user: loaded.user,
      org: { id: loaded.row.org.id, name: loaded.row.org.name },
    };
  });
};

async function loadSignInUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}
