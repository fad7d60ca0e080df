/**
 * Password reset codes and setting a password (spec part 1 §5):
 * - codes are six digits, valid for an hour, kept as an HMAC under a server key (derived from the
 *   become secret, which lives outside the database), so a copy of the table does not give them;
 * - an account has at most one live code: a new request spends the earlier ones;
 * - a code takes at most MAX_CODE_ATTEMPTS guesses, counted before the comparison in one locked
 *   update, from any address; then it is dead and only a fresh request helps;
 * - a successful reset spends every code of the account;
 * - the reset mail (the dev mailbox's row) and its code are written in one transaction;
 * - a new password signs out every other session of the user and spends every registration link
 *   of the user (a link signs in without the password, so it must not outlive it).
 */
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Db, withTx } from '../../db/client';
import { mails, passwordCodes, registrationTokens, sessions, users } from '../../db/schema/identity';
import { now as clockNow, nowMs } from '../../lib/clock';
import { hmac, newCode, safeEqual, sha256 } from '../../lib/crypto';
import { addOnboardingTasks, assignAccountManager } from '../signup/signup-tasks';

const CODE_TTL_MS = 3600_000;
export const MAX_CODE_ATTEMPTS = 5;
/** A welcome code is a 32-byte token (43 base64url characters); a typed reset code has 6 digits. */
const WELCOME_CODE_MIN_LENGTH = 32;

/** The key reset codes are hashed under, derived from the server's become secret. */
export const resetCodeKey = (serverSecret: string): string => hmac(serverSecret, 'password-reset-codes');

const codeHash = (key: string, userId: number, code: string) => hmac(key, `${userId}:${code}`);

/**
 * Writes a reset code and its mail for the user with this email, spending any earlier code;
 * nothing when there is no such user.
 */
export async function sendResetCode(db: Db, key: string, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx
      .update(passwordCodes)
      .set({ used_at: clockNow() })
      .where(and(eq(passwordCodes.user_id, user.id), isNull(passwordCodes.used_at)));
    await tx.insert(passwordCodes).values({
      user_id: user.id,
      code_hash: codeHash(key, user.id, code),
      expires_at: new Date(nowMs() + CODE_TTL_MS),
    });
    const query = new URLSearchParams({ code, email, user_id: String(user.id), first_name: user.first_name });
    await tx.insert(mails).values({
      to: email,
      subject: 'Reset your password',
      body: `Hi ${user.first_name},\n\nYour password reset code is ${code}. It is valid for one hour.\n\nOr open this link: /login?${query}\n`,
    });
  });
}

/**
 * Counts a guess against the user's live code(s) and, when it matches, spends every code of the
 * user; false when nothing matched (or the code is used up, expired or out of guesses).
 *
 * The guess is counted by an UPDATE ... WHERE attempts < MAX, which takes the row lock, so
 * parallel guesses cannot exceed the cap. Welcome codes written by sign-up (signup.ts) are 256-bit
 * tokens under plain SHA-256 (their entropy protects them); that form is accepted only for a code
 * that long, so an older 6-digit code stored that way no longer works (a reset mail replaces it).
 */
export async function spendResetCode(db: Db, key: string, userId: number, code: string): Promise<boolean> {
  const typed = code.trim();
  return db.transaction(async (tx) => {
    const live = await tx
      .update(passwordCodes)
      .set({ attempts: sql`${passwordCodes.attempts} + 1` })
      .where(
        and(
          eq(passwordCodes.user_id, userId),
          isNull(passwordCodes.used_at),
          gt(passwordCodes.expires_at, clockNow()),
          lt(passwordCodes.attempts, MAX_CODE_ATTEMPTS),
        ),
      )
      .returning({ code_hash: passwordCodes.code_hash });
    const keyed = codeHash(key, userId, typed);
    const welcome = typed.length >= WELCOME_CODE_MIN_LENGTH ? sha256(`${userId}:${typed}`) : null;
    const match = live.some(
      (row) => safeEqual(row.code_hash, keyed) || (welcome !== null && safeEqual(row.code_hash, welcome)),
    );
    if (!match) return false;
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
