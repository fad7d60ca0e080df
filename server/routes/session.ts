/**
 * Sign-in, sign-out, registration-token authentication and impersonation (spec part 1 §7).
 * A wrong password is a 422 with an errors string, never a 401: the client treats 401 as an
 * expired session. Too many is a 429 whose errors string the sign-in form shows as it is.
 *
 * - sessionPublicRoutes (public context): create_session, become.
 * - sessionRoutes (session context): end_session.
 * - authenticateRoutes (registration context): a registration link -> a session for step 2.
 */
import { hash, verify } from '@node-rs/argon2';
import type { FastifyPluginAsync } from 'fastify';
import { sessionApi } from '../../src/api/contracts/routes/session';
import { verifyBecome } from '../domain/auth/become';
import {
  attemptSucceeded,
  claimAttempt,
  SIGN_IN_ACCOUNT_LIMIT,
  sendRetryAfter,
} from '../domain/auth/rate-limit';
import { findUserByEmail, openUserSession, revokeSession, startImpersonation } from '../domain/auth/sessions';
import { loadSessionUser, loadTabs, normaliseEmail } from '../domain/auth/users';
import { unprocessable } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { BAD_REGISTRATION_LINK, registrationOf } from '../plugins/auth-contexts';
import { serve } from './serve';

const INVALID_LOGIN = 'Invalid email or password';
const BAD_PASS = 'This impersonation link is invalid or has expired';
// Verifying against this keeps the answer time the same whether or not the email exists.
const dummyHash = hash('not-a-real-password-0!');

export const sessionPublicRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db, config } = app;
  app.addHook('onError', sendRetryAfter);

  serve(app, sessionApi.postClientCreateSession, async (request) => {
    const email = normaliseEmail(request.body.email);
    // Read alongside the claim; used only once the attempt is counted.
    const found = findUserByEmail(db, email);
    found.catch(() => undefined); // a refused claim answers 429 and leaves this unread
    // Counted before the password is checked, so parallel guesses cannot overshoot the limit;
    // the account's failures from every address slow it down, then lock it for a while.
    await claimAttempt(db, config, 'sign_in', email, request.ip, SIGN_IN_ACCOUNT_LIMIT);
    const user = await found;
    // argon2 runs off the main thread: meanwhile the server serves others (the app's chunks a
    // signing-in browser is fetching), so the answer's reads wait until the password is right.
    const ok = await verify(user?.password_hash ?? (await dummyHash), request.body.password).catch(
      () => false,
    );
    if (!user?.password_hash || !ok) throw unprocessable(INVALID_LOGIN);
    const [loaded, tabs, { token }] = await Promise.all([
      loadSessionUser(db, user.id),
      loadTabs(db, user.id),
      openUserSession(db, user.id, null, config.session.absoluteHours),
      attemptSucceeded(db, 'sign_in', email, request.ip),
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
  });

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
