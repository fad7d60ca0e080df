/**
 * Wrong sign-up link keys and API tokens, counted per address: the custom sign-up's X-Api-Token
 * (the deployment's SIGNUP_API_TOKEN, or a lead link's pass `<lead id>:<key>`) and the legacy
 * link's pass, checked before any route runs (plugins/auth-contexts.ts, routes/signup.ts). A key
 * is a 256-bit HMAC, so guessing one is hopeless; the limit keeps a client from trying anyway, and
 * from using the answers (404 for a wrong key) to tell anything apart at speed.
 *
 * - Failures live in auth_attempts (kind `token_check`, the address as rate-limit.ts keys it: IPv4,
 *   or the IPv6 /64), so every instance counts the same; nothing else writes or reads that kind.
 * - RATE_PER_IP (30) failures within RATE_WINDOW_MINUTES (15) from one address, and that address
 *   gets 429 for every request that carries a token or key, right or wrong, until the oldest
 *   failure leaves the window: answering a right key while refusing wrong ones would let the
 *   guessing go on, with 429 meaning "wrong". An address without failures is never refused.
 * - A wrong check is counted before it is answered, under an advisory lock on the address, so
 *   parallel guesses cannot all pass the count first. A right one only reads the count (no write
 *   for the provider's systems), and never clears failures: a valid link of one's own cannot wash
 *   out the guesses made beside it.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Db, withTx } from '../../db/client';
import { authAttempts } from '../../db/schema/identity';
import { nowMs } from '../../lib/clock';
import { tooMany } from '../../lib/errors';
import { addressKey } from '../auth/rate-limit';

const KIND = 'token_check';
/** Advisory lock namespace (rate-limit.ts uses 15_001 and 15_002). */
const TOKEN_LOCK = 15_047;

export const TOO_MANY_TOKENS =
  'Too many wrong sign-up links or API tokens. Please wait a few minutes and try again.';

/** What was checked, for whoever reads auth_attempts: `api-token`, `lead:<id>`, `legacy:<id>`. */
export type TokenSubject = string;

function failuresSince(db: Db, address: string, since: Date) {
  return db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(eq(authAttempts.kind, KIND), eq(authAttempts.ip, address), gt(authAttempts.created_at, since)),
    );
}

/**
 * Answers 429 when this address has used up its failures; else counts this check when it failed.
 * The caller then answers the check's own result (401 or 404 when `passed` is false).
 */
export async function countTokenCheck(
  db: Db,
  config: Pick<Config, 'rateLimit'>,
  ip: string,
  subject: TokenSubject,
  passed: boolean,
): Promise<void> {
  const address = addressKey(ip);
  const at = nowMs();
  const since = new Date(at - config.rateLimit.windowMinutes * 60_000);
  const limit = config.rateLimit.perIp;
  if (passed) {
    const [{ n }] = await failuresSince(db, address, since);
    if (n >= limit) throw tooMany(TOO_MANY_TOKENS);
    return;
  }
  const refused = await withTx(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TOKEN_LOCK}, hashtext(${address}))`);
    const [{ n }] = await failuresSince(tx, address, since);
    if (n >= limit) return true;
    await tx.insert(authAttempts).values({
      kind: KIND,
      account: subject.slice(0, 80),
      ip: address,
      succeeded: false,
      created_at: new Date(at),
    });
    return false;
  });
  if (refused) throw tooMany(TOO_MANY_TOKENS);
}
