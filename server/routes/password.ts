/**
 * Email check, password reset mails and setting a password (spec part 1 §5, §7). Public context.
 *
 * - A reset request always answers the same way, whether or not the account exists.
 * - Reset requests are limited per (account, IP), per IP and spaced per account from any address
 *   (RESET_ACCOUNT_LIMIT: two mails per 5 minutes, never a cap that others can use up), so the
 *   customer asking always gets a fresh link within minutes. Several requests in an hour mail
 *   the owner the attack notice (once per window).
 * - The link's token is unguessable (passwords.ts): attempts are limited per (user, IP) and per
 *   IP only, so others' wrong guesses spend nothing of the customer's. A successful reset clears
 *   the account's sign-in failures (it lifts a lock).
 * - A password change (current_password) needs the session, resolved here with app.auth: the
 *   route is public for the set and reset flows, which have no session yet. Refused while
 *   impersonating. Wrong current passwords are limited per account (CHANGE_ATTEMPTS).
 */
import type { FastifyPluginAsync } from 'fastify';
import { passwordRule } from '../../src/api/contracts/common';
import { passwordApi } from '../../src/api/contracts/routes/password';
import type { PasswordBody } from '../../src/api/contracts/session';
import { passwordMatches, sendResetLink, setPassword, spendResetCode } from '../domain/auth/passwords';
import {
  attemptSucceeded,
  claimAttempt,
  RESET_ACCOUNT_LIMIT,
  sendRetryAfter,
} from '../domain/auth/rate-limit';
import { noticeResetRequests } from '../domain/auth/reset-notice';
import { normaliseEmail } from '../domain/auth/users';
import { unprocessable } from '../lib/errors';
import type { StructTypeProvider } from '../lib/validation';
import { callerOf } from '../plugins/auth';
import { serve } from './serve';

const BAD_CODE = 'This code is invalid or has expired';
/** Wrong current passwords per account in the rate-limit window, from any address. */
const CHANGE_ATTEMPTS = 5;

/** The form's own rules, answered per field in one 422. */
function passwordErrors(body: PasswordBody): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (!body.password) errors.password = ['This field is required*'];
  else if (!passwordRule.test(body.password)) errors.password = [passwordRule.message];
  if (!body.confirmed_password) errors.confirmed_password = ['This field is required*'];
  else if (body.confirmed_password !== body.password) errors.confirmed_password = ['Does Not match password'];
  if (body.current_password === undefined && !body.code) errors.code = ['Please enter your code*'];
  return Object.keys(errors).length ? errors : null;
}

export const passwordRoutes: FastifyPluginAsync = async (plain) => {
  const app = plain.withTypeProvider<StructTypeProvider>();
  const { db, config } = app;
  app.addHook('onError', sendRetryAfter);

  serve(app, passwordApi.getValidateEmail, async () => ({ valid: true }), {
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  });

  serve(app, passwordApi.postClientPasswordReset, async (request) => {
    const email = normaliseEmail(request.body.email);
    // Every request counts against the limit, so a reset cannot be used to flood a mailbox.
    await claimAttempt(db, config, 'password_reset', email, request.ip, RESET_ACCOUNT_LIMIT);
    await sendResetLink(db, email);
    await noticeResetRequests(db, email);
    return { message: 'An email has been sent to your email address.' };
  });

  serve(app, passwordApi.postClientPassword, async (request) => {
    const body = request.body;
    const errors = passwordErrors(body);
    if (errors) throw unprocessable(errors);

    if (body.current_password !== undefined) {
      await app.auth(request);
      const caller = callerOf(request);
      if (caller.impersonatorId)
        throw unprocessable('Password changes are not allowed while impersonating a customer');
      const account = String(caller.userId);
      await claimAttempt(db, config, 'password_change', account, request.ip, {
        max: CHANGE_ATTEMPTS,
        windowMinutes: config.rateLimit.windowMinutes,
      });
      if (!(await passwordMatches(db, caller.userId, body.current_password)))
        throw unprocessable({ current_password: ['Current password is incorrect'] });
      await attemptSucceeded(db, 'password_change', account, request.ip, true);
      await setPassword(db, caller.userId, body.password, caller.sessionId);
      return { message: 'Your password has been changed successfully.' };
    }

    const userId = Number(body.user_id);
    if (!Number.isInteger(userId)) throw unprocessable({ code: [BAD_CODE] });
    await claimAttempt(db, config, 'password_code', String(userId), request.ip);
    if (!(await spendResetCode(db, userId, body.code ?? ''))) throw unprocessable({ code: [BAD_CODE] });
    const { email } = await setPassword(db, userId, body.password, null);
    await attemptSucceeded(db, 'password_code', String(userId), request.ip);
    // The owner of the mailbox chose a new password: a sign-in lock others caused is over.
    await attemptSucceeded(db, 'sign_in', email, request.ip, true);
    return {
      message: body.welcome
        ? 'Your password has been set successfully.'
        : 'Your password has been reset successfully.',
    };
  });
};
