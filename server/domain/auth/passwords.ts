/**
 * Password reset links and setting a password (spec part 1 §5):
 * - a reset mail carries a link to the set-password screen whose `code` is a 256-bit token
 *   (as the welcome mail's, signup.ts), valid for an hour; the row keeps only SHA-256 of it;
 * - nobody can guess one, so guesses are not counted per token or per account: an attacker who
 *   knows the user id cannot spend the customer's link, and a new request does not spend the
 *   earlier links either (someone else asking must not void the link the customer is opening);
 * - a successful reset spends every link of the account;
 * - the reset mail (the dev mailbox's row) and its token are written in one transaction;
 * - a new password signs out every other session of the user and spends every registration link
 *   of the user (a link signs in without the password, so it must not outlive it).
 */
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Db, withTx } from '../../db/client';
import { passwordCodes, registrationTokens, sessions, users } from '../../db/schema/identity';
import { now as clockNow, nowMs } from '../../lib/clock';
import { newToken, safeEqual, sha256 } from '../../lib/crypto';
import { writeMail } from '../messaging/mails';
import { addOnboardingTasks, assignAccountManager } from '../signup/signup-tasks';

const CODE_TTL_MS = 3600_000;
/** Link tokens are 32 bytes (43 base64url characters); anything shorter is not one of ours. */
const TOKEN_MIN_LENGTH = 32;

const tokenHash = (userId: number, token: string) => sha256(`${userId}:${token}`);

export const RESET_MAIL_SUBJECT = 'Reset your password';

/** Writes a reset link and its mail for the user with this email; nothing when there is none. */
export async function sendResetLink(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  const code = newToken();
  await withTx(db, async (tx) => {
    await tx.insert(passwordCodes).values({
      user_id: user.id,
      code_hash: tokenHash(user.id, code),
      expires_at: new Date(nowMs() + CODE_TTL_MS),
    });
    const query = new URLSearchParams({ code, email, user_id: String(user.id), first_name: user.first_name });
    await writeMail(tx, {
      to: email,
      subject: RESET_MAIL_SUBJECT,
      body: `Hi ${user.first_name},\n\nOpen this link to choose a new password. It works once, for one hour:\n/login?${query}\n\nIf you did not ask for this, ignore this email: your password has not changed, and nobody can use the link but you.\n`,
    });
  });
}

/**
 * Spends every live link of the user when `code` is one of them; false when it is not (unknown,
 * used or expired). Welcome links written by sign-up (signup.ts) are the same form.
 */
export async function spendResetCode(db: Db, userId: number, code: string): Promise<boolean> {
  const typed = code.trim();
  if (typed.length < TOKEN_MIN_LENGTH) return false;
  return withTx(db, async (tx) => {
    const live = await tx
      .select({ code_hash: passwordCodes.code_hash })
      .from(passwordCodes)
      .where(
        and(
          eq(passwordCodes.user_id, userId),
          isNull(passwordCodes.used_at),
          gt(passwordCodes.expires_at, clockNow()),
        ),
      )
      .for('update');
    const hashed = tokenHash(userId, typed);
    if (!live.some((row) => safeEqual(row.code_hash, hashed))) return false;
    await tx
      .update(passwordCodes)
      .set({ used_at: clockNow() })
      .where(and(eq(passwordCodes.user_id, userId), isNull(passwordCodes.used_at)));
    return true;
  });
}

export async function passwordMatches(db: Db, userId: number, password: string): Promise<boolean> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user?.password_hash ? await verify(user.password_hash, password).catch(() => false) : false;
}

/** Every registration link of the user, used up (with the password or the end of sign-up). */
export async function spendRegistrationLinks(tx: Db, userId: number) {
  await tx
    .update(registrationTokens)
    .set({ used_at: clockNow() })
    .where(and(eq(registrationTokens.user_id, userId), isNull(registrationTokens.used_at)));
}

/**
 * Stores the new hash, spends the user's registration links and signs out every other session;
 * answers the user's email. A password ends sign-up: a user who had not finished it (an invited
 * customer resetting before the wizard's end) gets the first run's checklist and account manager,
 * as completeSignup gives them.
 */
export async function setPassword(db: Db, userId: number, password: string, keepSessionId: number | null) {
  const passwordHash = await hash(password);
  return withTx(db, async (tx) => {
    const [before] = await tx
      .select({ completed: users.signup_completed })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const [user] = await tx
      .update(users)
      .set({ password_hash: passwordHash, signup_completed: true })
      .where(eq(users.id, userId))
      .returning({ email: users.email, organizationId: users.organization_id });
    if (user && before && !before.completed) {
      await assignAccountManager(tx, user.organizationId);
      await addOnboardingTasks(tx, user.organizationId);
    }
    await spendRegistrationLinks(tx, userId);
    const others = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
    for (const s of others) {
      if (s.id !== keepSessionId)
        await tx.update(sessions).set({ revoked_at: clockNow() }).where(eq(sessions.id, s.id));
    }
    return { email: user?.email ?? '' };
  });
}
