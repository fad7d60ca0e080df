/**
 * Password reset codes and setting a password (spec part 1 §5):
 * - codes are six digits, kept hashed with the user id, valid for an hour, used once;
 * - the reset mail (the dev mailbox's row) and its code are written in one transaction;
 * - a new password signs out every other session of the user.
 */
import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mails, passwordCodes, sessions, users } from '../db/schema/identity';
import { newCode, sha256 } from '../lib/crypto';

const CODE_TTL_MS = 3600_000;

/** Writes a reset code and its mail for the user with this email; nothing when there is none. */
export async function sendResetCode(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) return;
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx.insert(passwordCodes).values({
      user_id: user.id,
      code_hash: sha256(`${user.id}:${code}`),
      expires_at: new Date(Date.now() + CODE_TTL_MS),
    });
    const query = new URLSearchParams({ code, email, user_id: String(user.id), first_name: user.first_name });
    await tx.insert(mails).values({
      to: email,
      subject: 'Reset your password',
      body: `Hi ${user.first_name},\n\nYour password reset code is ${code}. It is valid for one hour.\n\nOr open this link: /login?${query}\n`,
    });
  });
}

/** Marks the user's matching unused, unexpired code used; false when there is none. */
export async function spendResetCode(db: Db, userId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(passwordCodes)
    .where(
      and(
        eq(passwordCodes.user_id, userId),
        eq(passwordCodes.code_hash, sha256(`${userId}:${code.trim()}`)),
        isNull(passwordCodes.used_at),
        gt(passwordCodes.expires_at, new Date()),
      ),
    )
    .orderBy(desc(passwordCodes.created_at))
    .limit(1);
  if (!row) return false;
  await db.update(passwordCodes).set({ used_at: new Date() }).where(eq(passwordCodes.id, row.id));
  return true;
}

export async function passwordMatches(db: Db, userId: number, password: string): Promise<boolean> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user?.password_hash ? await verify(user.password_hash, password).catch(() => false) : false;
}

/** Stores the new hash and signs out every other session of the user. */
export async function setPassword(db: Db, userId: number, password: string, keepSessionId: number | null) {
  const passwordHash = await hash(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: passwordHash, signup_completed: true })
      .where(eq(users.id, userId));
    const others = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
    for (const s of others) {
      if (s.id !== keepSessionId)
        await tx.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, s.id));
    }
  });
}
