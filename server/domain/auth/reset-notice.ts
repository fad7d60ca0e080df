/**
 * Resets the owner did not ask for: reset requests are spaced per account (rate-limit.ts), so
 * RESET_REQUESTS_NOTICED of them within an hour mean someone is asking again and again; the owner
 * then gets the attack notice (sign-in-links.ts, once per window), not one mail per request.
 */
import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authAttempts } from '../../db/schema/identity';
import { nowMs } from '../../lib/clock';
import { findUserByEmail } from './sessions';
import { mailAttackNotice } from './sign-in-links';

const RESET_REQUESTS_NOTICED = 3;

export async function noticeResetRequests(db: Db, email: string) {
  const [requests] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, 'password_reset'),
        eq(authAttempts.account, email),
        gt(authAttempts.created_at, new Date(nowMs() - 3600_000)),
      ),
    );
  if (requests.n < RESET_REQUESTS_NOTICED) return;
  const user = await findUserByEmail(db, email);
  if (user) await mailAttackNotice(db, user, 'reset');
}
