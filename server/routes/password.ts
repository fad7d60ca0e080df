/**
 * Email check, password reset mails and setting a password (spec part 1 §5, §7).
 *
 * - A reset request always answers the same way, whether or not the account exists.
 * - Codes are six digits, kept hashed, valid for an hour, used once, and attempts on them are
 *   rate-limited per (user, IP).
 * - A password change (current_password) is refused while impersonating.
 */
import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { passwordRule } from '../../src/api/contracts/common';
import { PasswordBody, PasswordResetBody, ValidateEmailQuery } from '../../src/api/contracts/session';
import type { Db } from '../db/client';
import { mails, passwordCodes, sessions, users } from '../db/schema/identity';
import { assertNotLimited, recordAttempt } from '../domain/rate-limit';
import { normaliseEmail } from '../domain/users';
import { newCode, sha256 } from '../lib/crypto';
import { parse, unprocessable } from '../lib/errors';
import { callerOf } from '../plugins/auth';
import type { RouteDeps } from './deps';

const CODE_TTL_MS = 3600_000;

export async function passwordRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, config } = deps;

  app.get(
    '/validate/email',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request) => {
      const query = parse(ValidateEmailQuery, request.query);
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, normaliseEmail(query.value)));
      return { valid: true, exists: Boolean(user) };
    },
  );

  app.post('/client/password_reset', async (request) => {
    const body = parse(PasswordResetBody, request.body);
    const email = normaliseEmail(body.email);
    await assertNotLimited(db, config, 'password_reset', email, request.ip);
    // Every request counts against the limit, so a reset cannot be used to flood a mailbox.
    await recordAttempt(db, 'password_reset', email, request.ip, false);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    if (user) {
      const code = newCode();
      await db.transaction(async (tx) => {
        await tx.insert(passwordCodes).values({
          user_id: user.id,
          code_hash: sha256(`${user.id}:${code}`),
          expires_at: new Date(Date.now() + CODE_TTL_MS),
        });
        const query = new URLSearchParams({
          code,
          email,
          user_id: String(user.id),
          first_name: user.first_name,
        });
        await tx.insert(mails).values({
          to: email,
          subject: 'Reset your password',
          body: `Hi ${user.first_name},\n\nYour password reset code is ${code}. It is valid for one hour.\n\nOr open this link: /login?${query}\n`,
        });
      });
    }
    return { message: 'An email has been sent to your email address.' };
  });

  app.post('/client/password', async (request, reply) => {
    const body = parse(PasswordBody, request.body);
    const fieldErrors: Record<string, string[]> = {};
    if (!body.password) fieldErrors.password = ['This field is required*'];
    else if (!passwordRule.test(body.password)) fieldErrors.password = [passwordRule.message];
    if (!body.confirmed_password) fieldErrors.confirmed_password = ['This field is required*'];
    else if (body.confirmed_password !== body.password)
      fieldErrors.confirmed_password = ['Does Not match password'];
    if (body.current_password === undefined && !body.code) fieldErrors.code = ['Please enter your code*'];
    if (Object.keys(fieldErrors).length) throw unprocessable(fieldErrors);

    if (body.current_password !== undefined) {
      await app.auth.call(app, request, reply);
      const caller = callerOf(request);
      if (caller.impersonatorId)
        throw unprocessable('Password changes are not allowed while impersonating a customer');
      const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
      const ok = user?.password_hash
        ? await verify(user.password_hash, body.current_password).catch(() => false)
        : false;
      if (!ok) throw unprocessable({ current_password: ['Current password is incorrect'] });
      await setPassword(db, caller.userId, body.password, caller.sessionId);
      return { message: 'Your password has been changed successfully.' };
    }

    const userId = Number(body.user_id);
    if (!Number.isInteger(userId)) throw unprocessable({ code: ['This code is invalid or has expired'] });
    await assertNotLimited(db, config, 'password_code', String(userId), request.ip);
    const [code] = await db
      .select()
      .from(passwordCodes)
      .where(
        and(
          eq(passwordCodes.user_id, userId),
          eq(passwordCodes.code_hash, sha256(`${userId}:${body.code?.trim()}`)),
          isNull(passwordCodes.used_at),
          gt(passwordCodes.expires_at, new Date()),
        ),
      )
      .orderBy(desc(passwordCodes.created_at))
      .limit(1);
    if (!code) {
      await recordAttempt(db, 'password_code', String(userId), request.ip, false);
      throw unprocessable({ code: ['This code is invalid or has expired'] });
    }
    await db.update(passwordCodes).set({ used_at: new Date() }).where(eq(passwordCodes.id, code.id));
    await setPassword(db, userId, body.password, null);
    await recordAttempt(db, 'password_code', String(userId), request.ip, true);
    return {
      message: body.welcome
        ? 'Your password has been set successfully.'
        : 'Your password has been reset successfully.',
    };
  });
}

/** Stores the new hash and signs out every other session of the user. */
async function setPassword(db: Db, userId: number, password: string, keepSessionId: number | null) {
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
