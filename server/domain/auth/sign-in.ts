/**
 * Checking a sign-in (spec part 1 §7 create_session) so that others' failures never keep the
 * account's owner out (issue 47, OWASP "device cookie"):
 *
 * - A device with a valid device cookie for the account (device-trust.ts) is counted apart, under
 *   its own key (`sign_in_device`: config.rateLimit.perAccountAndIp failures per window), and
 *   never by the account-wide limit: the owner's own devices sign in throughout an attack.
 * - An unknown device is counted per address and per account (SIGN_IN_ACCOUNT_LIMIT: slow-down,
 *   then lock). Refused by the account-wide limit, it still gets its password checked (counted
 *   per address as `sign_in_held`, so the checks stay bounded) and, when it is right, a one-time
 *   sign-in link by mail: the second proof. The answer is the same 429 whether the password was
 *   right or not, so the lock gives an attacker no oracle.
 * - An account-wide refusal mails the owner the attack notice (once per window).
 * - A wrong password is a 422 with the same text for an unknown email; the time spent is the same
 *   (argon2 against a dummy hash).
 */
import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { unprocessable } from '../../lib/errors';
import { deviceAttemptKey, trustedDevice } from './device-trust';
import { attemptSucceeded, claimAttempt, SIGN_IN_ACCOUNT_LIMIT, TooManyAttempts } from './rate-limit';
import { findUserByEmail } from './sessions';
import { mailAttackNotice, mailSignInLink } from './sign-in-links';

export const INVALID_LOGIN = 'Invalid email or password';
export const HELD_MESSAGE =
  "Sign-in from new devices is paused on this account after many failed attempts, which may not be yours. If the password you entered is right, we've emailed you a one-time sign-in link: open it on this device. Devices you've signed in on before are not affected.";

// Verifying against this keeps the answer time the same whether or not the email exists.
const dummyHash = hash('not-a-real-password-0!');

type User = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;
export type SignInContext = { db: Db; config: Config; deviceKey: string };

async function passwordIsRight(user: User | null, password: string) {
  const ok = await verify(user?.password_hash ?? (await dummyHash), password).catch(() => false);
  return Boolean(user?.password_hash) && ok;
}

/**
 * The user whose password this is, with the nonce of the device cookie that vouched for this
 * device (null: unknown device); throws the 422 or 429 to answer otherwise.
 */
export async function checkSignIn(
  { db, config, deviceKey }: SignInContext,
  request: FastifyRequest,
  email: string,
  password: string,
): Promise<{ user: User; device: string | null }> {
  const user = await findUserByEmail(db, email);
  const device = user ? trustedDevice(request, deviceKey, user.id) : null;
  if (user && device) {
    // Counted before the password is checked, so parallel guesses cannot overshoot the limit.
    await claimAttempt(db, config, 'sign_in_device', email, deviceAttemptKey(device));
    if (!(await passwordIsRight(user, password))) throw unprocessable(INVALID_LOGIN);
    await attemptSucceeded(db, 'sign_in_device', email, deviceAttemptKey(device));
    return { user, device };
  }
  try {
    await claimAttempt(db, config, 'sign_in', email, request.ip, SIGN_IN_ACCOUNT_LIMIT);
  } catch (error) {
    if (!(error instanceof TooManyAttempts && error.accountWide)) throw error;
    return held({ db, config, deviceKey }, request, email, password, user, error.retryAfterSeconds);
  }
  if (!user || !(await passwordIsRight(user, password))) throw unprocessable(INVALID_LOGIN);
  await attemptSucceeded(db, 'sign_in', email, request.ip);
  return { user, device: null };
}

/** The account-wide limit refused an unknown device: the second proof instead of a bare 429. */
async function held(
  { db, config }: SignInContext,
  request: FastifyRequest,
  email: string,
  password: string,
  user: User | null,
  waitSeconds: number,
): Promise<never> {
  if (user) await mailAttackNotice(db, user, 'sign_in');
  await claimAttempt(db, config, 'sign_in_held', email, request.ip);
  if (user && (await passwordIsRight(user, password))) {
    await attemptSucceeded(db, 'sign_in_held', email, request.ip);
    await mailSignInLink(db, user);
  }
  throw new TooManyAttempts(HELD_MESSAGE, waitSeconds, true);
}
