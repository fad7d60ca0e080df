/**
 * Rate limits for sign-in, password reset, reset codes and password changes, kept in the database
 * so every server instance counts the same attempts.
 *
 * Failures are counted per (account, address) and per address: someone guessing a password from
 * one address cannot lock the real user out from theirs. Guesses spread over many addresses are
 * bounded per account too (`AccountLimit`): sign-in from unknown devices slows down, then locks
 * for a while (a password reset lifts it). What others can do to an account must never keep its
 * owner out (sign-in.ts): a device the owner signed in on before is counted apart, under its own
 * key (`sign_in_device`, the device's nonce in place of the address), and an unknown device with
 * the right password gets a one-time link by mail. Reset requests are spaced per account (two
 * mails per RESET_ACCOUNT_LIMIT.windowMinutes), never capped for longer, so the owner always gets
 * a fresh link after a few minutes; a password change is counted per account alone.
 *
 * An address is an IPv4 address or an IPv6 /64 (`addressKey`): one host usually holds a whole
 * /64, so keying on the full IPv6 address would hand an attacker 2^64 fresh addresses.
 *
 * An attempt is claimed before the secret is checked: the check of the counts and the insert of
 * the attempt happen in one transaction under advisory locks on the account and the address, so
 * parallel requests cannot all pass the check before any of them is counted.
 */
import { isIP } from 'node:net';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { type Db, withTx } from '../../db/client';
import { authAttempts } from '../../db/schema/identity';
import { nowMs } from '../../lib/clock';
import { HttpError, tooMany } from '../../lib/errors';

export type AttemptKind =
  | 'sign_in'
  | 'sign_in_device'
  | 'sign_in_held'
  | 'password_reset'
  | 'password_code'
  | 'password_change'
  | 'lead_lookup';

/**
 * A limit on one account's failures from any address: `max` within `windowMinutes` locks it (until
 * enough of them are older than the window). From `slowAfter` failures on, each further attempt
 * must wait FIRST_SLOW_SECONDS * 2^(failures - slowAfter) seconds (at most MAX_SLOW_SECONDS) after
 * the latest one.
 */
export type AccountLimit = { max: number; windowMinutes: number; slowAfter?: number };

export const SIGN_IN_ACCOUNT_LIMIT: AccountLimit = { slowAfter: 10, max: 20, windowMinutes: 15 };
/** Two reset mails per account per 5 minutes (a Resend right after works), whoever asks: spacing,
 *  never a cap that runs out: once the last mail is 5 minutes old, the next request gets one. */
export const RESET_ACCOUNT_LIMIT: AccountLimit = { max: 2, windowMinutes: 5 };
const FIRST_SLOW_SECONDS = 5;
const MAX_SLOW_SECONDS = 60;

const messages: Record<AttemptKind, string> = {
  sign_in: 'Too many sign-in attempts. Please wait a few minutes and try again, or reset your password.',
  sign_in_device:
    'Too many wrong passwords on this device. Please wait a few minutes and try again, or reset your password.',
  sign_in_held: 'Too many sign-in attempts from this address. Please wait a few minutes and try again.',
  password_reset: 'Too many password reset requests. Please wait a few minutes and try again.',
  password_code: 'Too many attempts with reset links. Please wait a few minutes and request a new one.',
  password_change: 'Too many attempts with the current password. Please wait a few minutes and try again.',
  lead_lookup: 'Too many sign-up links tried. Please wait a few minutes and try again.',
};

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * What an account-wide limit says, with how long to wait. Sign-in's is replaced by sign-in.ts's
 * second-proof answer for the caller; this one is what the wait itself is.
 */
const accountMessages: Record<AttemptKind, (seconds: number, locked: boolean) => string> = {
  sign_in: (seconds, locked) =>
    locked
      ? `Sign-in from new devices is paused on this account for ${minutes(seconds)} minutes.`
      : `Sign-in from new devices is paused on this account for ${seconds} seconds.`,
  sign_in_device: () => messages.sign_in_device,
  sign_in_held: () => messages.sign_in_held,
  password_reset: (seconds) =>
    `We sent a reset link to this address a moment ago. Please use the link in that email, or ask again in ${minutes(seconds)} minutes.`,
  password_code: () => messages.password_code,
  password_change: () => messages.password_change,
  lead_lookup: () => messages.lead_lookup,
};

/** A 429 that says when to come back (the error handler sends it as Retry-After). */
export class TooManyAttempts extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    /** Refused by the account-wide limit (others' failures may be the cause), not the address's. */
    readonly accountWide = false,
  ) {
    super(429, { errors: message });
  }
}

/** An onError hook for the routes that claim attempts: a 429 that knows its wait says it. */
export async function sendRetryAfter(_request: unknown, reply: FastifyReply, error: unknown) {
  if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
}

/** The key an address is counted under: IPv4 as it is, IPv6 by its /64 (IPv4-mapped as IPv4). */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0];
  if (isIP(address) !== 6) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const [head, tail] = address.toLowerCase().split('::');
  const part = (text: string | undefined) => (text ? text.split(':') : []);
  const left = part(head);
  const right = part(tail);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0')];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group || '0', 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

// Advisory lock namespaces (the two-key form), so account and address keys never collide.
const ACCOUNT_LOCK = 15_001;
const IP_LOCK = 15_002;

/** Seconds until the account may try again under `limit` (0: now), given its failures, newest first. */
export function accountWait(limit: AccountLimit, failures: Date[], nowMs: number): number {
  const windowMs = limit.windowMinutes * 60_000;
  const recent = failures.filter((at) => at.getTime() > nowMs - windowMs);
  if (recent.length >= limit.max)
    return Math.ceil((recent[limit.max - 1].getTime() + windowMs - nowMs) / 1000);
  if (limit.slowAfter === undefined || recent.length < limit.slowAfter) return 0;
  const pause =
    Math.min(FIRST_SLOW_SECONDS * 2 ** (recent.length - limit.slowAfter), MAX_SLOW_SECONDS) * 1000;
  return Math.max(0, Math.ceil((recent[0].getTime() + pause - nowMs) / 1000));
}

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
  perAccount?: AccountLimit,
) {
  const address = addressKey(ip);
  // Stamped and counted on the server's clock (lib/clock.ts), not the database's: a window is
  // measured in the time the rest of the app lives in, moved or not.
  const at = nowMs();
  const since = new Date(at - config.rateLimit.windowMinutes * 60_000);
  const refusal = await withTx(db, async (tx): Promise<HttpError | null> => {
    // Always account first, then address: one order, no deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}, hashtext(${`${kind}:${account}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${IP_LOCK}, hashtext(${`${kind}:${address}`}))`);
    const failed = and(eq(authAttempts.kind, kind), eq(authAttempts.succeeded, false));
    const [[perPair], [perIp], accountFailures] = await Promise.all([
      tx
        .select({ n: count() })
        .from(authAttempts)
        .where(
          and(
            failed,
            gt(authAttempts.created_at, since),
            eq(authAttempts.account, account),
            eq(authAttempts.ip, address),
          ),
        ),
      tx
        .select({ n: count() })
        .from(authAttempts)
        .where(and(failed, gt(authAttempts.created_at, since), eq(authAttempts.ip, address))),
      perAccount === undefined
        ? Promise.resolve([])
        : tx
            .select({ at: authAttempts.created_at })
            .from(authAttempts)
            .where(
              and(
                failed,
                eq(authAttempts.account, account),
                gt(authAttempts.created_at, new Date(at - perAccount.windowMinutes * 60_000)),
              ),
            )
            .orderBy(desc(authAttempts.created_at))
            .limit(perAccount.max),
    ]);
    if (perPair.n >= config.rateLimit.perAccountAndIp || perIp.n >= config.rateLimit.perIp)
      return tooMany(messages[kind]); // Retry-After: the window (the app's error handler)
    if (perAccount) {
      const wait = accountWait(
        perAccount,
        accountFailures.map((row) => row.at),
        at,
      );
      if (wait > 0)
        return new TooManyAttempts(
          accountMessages[kind](wait, accountFailures.length >= perAccount.max),
          wait,
          true,
        );
    }
    await tx
      .insert(authAttempts)
      .values({ kind, account, ip: address, succeeded: false, created_at: new Date(at) });
    return null;
  });
  if (refusal) throw refusal;
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
        wholeAccount ? undefined : eq(authAttempts.ip, addressKey(ip)),
      ),
    );
}
