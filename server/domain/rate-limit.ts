/**
 * Rate limits for sign-in, password reset, reset codes and password changes, kept in the database
 * so every server instance counts the same attempts.
 *
 * Failures are counted per (account, IP) and per IP: someone guessing a password from one address
 * cannot lock the real user out from theirs. A password change (the caller already holds a
 * session) is also counted per account alone. Reset codes are further capped per code (see
 * passwords.ts), which is what bounds guessing from many addresses.
 *
 * An attempt is claimed before the secret is checked: the check of the counts and the insert of
 * the attempt happen in one transaction under advisory locks on the account and the address, so
 * parallel requests cannot all pass the check before any of them is counted.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { authAttempts } from '../db/schema/identity';
import { tooMany } from '../lib/errors';

export type AttemptKind = 'sign_in' | 'password_reset' | 'password_code' | 'password_change' | 'lead_lookup';

const messages: Record<AttemptKind, string> = {
  sign_in: 'Too many sign-in attempts. Please wait a few minutes and try again, or reset your password.',
  password_reset: 'Too many password reset requests. Please wait a few minutes and try again.',
  password_code: 'Too many attempts with this code. Please wait a few minutes and request a new one.',
  password_change: 'Too many attempts with the current password. Please wait a few minutes and try again.',
  lead_lookup: 'Too many sign-up links tried. Please wait a few minutes and try again.',
};

// Advisory lock namespaces (the two-key form), so account and address keys never collide.
const ACCOUNT_LOCK = 15_001;
const IP_LOCK = 15_002;

/**
 * Counts this attempt as a failure up front, or answers 429 when a limit is reached; the caller
 * clears it with `attemptSucceeded` once the secret checks out. `perAccount` adds a limit on the
 * account's failures from any address.
 */
export async function claimAttempt(
  db: Db,
  config: Config,
  kind: AttemptKind,
  account: string,
  ip: string,
  perAccount?: number,
) {
  const since = new Date(Date.now() - config.rateLimit.windowMinutes * 60_000);
  const allowed = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Always account first, then address: one order, no deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, hashtext(${`${kind}:${account}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${IP_LOCK}, hashtext(${`${kind}:${ip}`}))`);
    const failed = and(
      eq(authAttempts.kind, kind),
      eq(authAttempts.succeeded, false),
      gt(authAttempts.created_at, since),
    );
    const [[perPair], [perIp], [perAcc]] = await Promise.all([
      tx
        .select({ n: count() })
        .from(authAttempts)
        .where(and(failed, eq(authAttempts.account, account), eq(authAttempts.ip, ip))),
      tx
        .select({ n: count() })
        .from(authAttempts)
        .where(and(failed, eq(authAttempts.ip, ip))),
      perAccount === undefined
        ? Promise.resolve([{ n: 0 }])
        : tx
            .select({ n: count() })
            .from(authAttempts)
            .where(and(failed, eq(authAttempts.account, account))),
    ]);
    if (
      perPair.n >= config.rateLimit.perAccountAndIp ||
      perIp.n >= config.rateLimit.perIp ||
      (perAccount !== undefined && perAcc.n >= perAccount)
    )
      return false;
    await tx.insert(authAttempts).values({ kind, account, ip, succeeded: false });
    return true;
  });
  if (!allowed) throw tooMany(messages[kind]);
}

/**
 * The claimed attempt succeeded: clears the account's failures of this kind from this address
 * (from every address when `wholeAccount`), so a later typo starts afresh.
 */
export async function attemptSucceeded(
  db: Db,
  kind: AttemptKind,
  account: string,
  ip: string,
  wholeAccount = false,
) {
  await db
    .delete(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        eq(authAttempts.account, account),
        wholeAccount ? undefined : eq(authAttempts.ip, ip),
      ),
    );
}
