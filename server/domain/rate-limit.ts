/**
 * Rate limits for sign-in, password reset and reset codes, kept in the database so every server
 * instance counts the same attempts.
 *
 * Failures are counted per (account, IP) and per IP, never per account alone: someone guessing a
 * password from one address cannot lock the real user out from theirs.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { authAttempts } from '../db/schema/identity';
import { tooMany } from '../lib/errors';

export type AttemptKind = 'sign_in' | 'password_reset' | 'password_code';

const messages: Record<AttemptKind, string> = {
  sign_in: 'Too many sign-in attempts. Please wait a few minutes and try again, or reset your password.',
  password_reset: 'Too many password reset requests. Please wait a few minutes and try again.',
  password_code: 'Too many attempts with this code. Please wait a few minutes and request a new one.',
};

export async function assertNotLimited(
  db: Db,
  config: Config,
  kind: AttemptKind,
  account: string,
  ip: string,
) {
  const since = new Date(Date.now() - config.rateLimit.windowMinutes * 60_000);
  const failed = and(
    eq(authAttempts.kind, kind),
    eq(authAttempts.succeeded, false),
    gt(authAttempts.created_at, since),
  );
  const [[perPair], [perIp]] = await Promise.all([
    db
      .select({ n: count() })
      .from(authAttempts)
      .where(and(failed, eq(authAttempts.account, account), eq(authAttempts.ip, ip))),
    db
      .select({ n: count() })
      .from(authAttempts)
      .where(and(failed, eq(authAttempts.ip, ip))),
  ]);
  if (perPair.n >= config.rateLimit.perAccountAndIp || perIp.n >= config.rateLimit.perIp)
    throw tooMany(messages[kind]);
}

/** Records an attempt; a success clears that pair's failures so a later typo starts afresh. */
export async function recordAttempt(
  db: Db,
  kind: AttemptKind,
  account: string,
  ip: string,
  succeeded: boolean,
) {
  if (succeeded) {
    await db
      .delete(authAttempts)
      .where(and(eq(authAttempts.kind, kind), eq(authAttempts.account, account), eq(authAttempts.ip, ip)));
    return;
  }
  await db.insert(authAttempts).values({ kind, account, ip, succeeded: false });
}
