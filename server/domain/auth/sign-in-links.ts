/**
 * One-time sign-in links (the second proof of sign-in.ts) and the mail that tells the owner of an
 * account someone else is at it.
 *
 * - A link carries a 256-bit token; only its SHA-256 is kept. It works once, for LINK_TTL_MINUTES,
 *   and signs in the device that opens it (which then gets its device cookie). At most one link
 *   mail per account per LINK_SPACING_MINUTES: the customer retrying gets the link already sent.
 * - The attack notice goes out at most once per NOTICE_WINDOW_HOURS per account, whatever the
 *   number of attempts or which of sign-in or reset set it off (deduplicated on the mails table).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInLinks } from '../../db/schema/identity';
import { now, nowMs } from '../../lib/clock';
import { newToken, sha256 } from '../../lib/crypto';
import { mailOncePer, writeMail } from '../messaging/mails';

const LINK_TTL_MINUTES = 15;
const LINK_SPACING_MINUTES = 2;
const NOTICE_WINDOW_HOURS = 24;

export const SIGN_IN_LINK_SUBJECT = 'Your one-time sign-in link';
export const ATTACK_NOTICE_SUBJECT = 'Someone may be trying to get into your account';

type MailUser = { id: number; email: string; first_name: string };

/** Mails a one-time sign-in link, unless one went out to this account a moment ago. */
export async function mailSignInLink(db: Db, user: MailUser) {
  const token = newToken();
  await mailOncePer(db, user.email, SIGN_IN_LINK_SUBJECT, LINK_SPACING_MINUTES, async (tx) => {
    await tx.insert(signInLinks).values({
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: new Date(nowMs() + LINK_TTL_MINUTES * 60_000),
    });
    await writeMail(tx, {
      to: user.email,
      subject: SIGN_IN_LINK_SUBJECT,
      body: `Hi ${user.first_name},\n\nYou entered your password on a device you have not signed in on before, while sign-in from new devices is paused on your account. Open this link on that device to finish signing in. It works once, for ${LINK_TTL_MINUTES} minutes:\n/login?${new URLSearchParams({ sign_in_token: token })}\n\nIf this was not you, someone knows your password: reset it now with "Forgot password" on the sign-in page.\n`,
    });
  });
}

/** The user id of a live link, which is spent by this call; null when unknown, used or expired. */
export async function spendSignInLink(db: Db, token: string): Promise<number | null> {
  const [row] = await db
    .update(signInLinks)
    .set({ used_at: now() })
    .where(
      and(
        eq(signInLinks.token_hash, sha256(token.trim())),
        isNull(signInLinks.used_at),
        gt(signInLinks.expires_at, now()),
      ),
    )
    .returning({ userId: signInLinks.user_id });
  return row?.userId ?? null;
}

const noticeText: Record<'sign_in' | 'reset', string> = {
  sign_in:
    'There have been many failed attempts to sign in to your account from devices it has not been used on. To protect it, sign-in from new devices is paused for a while.',
  reset: 'Password resets for your account have been requested several times in the last hour.',
};

/** Tells the owner once per window that the account is under attack, and what to do. */
export async function mailAttackNotice(db: Db, user: MailUser, cause: 'sign_in' | 'reset') {
  await mailOncePer(db, user.email, ATTACK_NOTICE_SUBJECT, NOTICE_WINDOW_HOURS * 60, (tx) =>
    writeMail(tx, {
      to: user.email,
      subject: ATTACK_NOTICE_SUBJECT,
      body: `Hi ${user.first_name},\n\n${noticeText[cause]} If that was not you, someone else is trying to get in; they have not signed in.\n\nWhat to do:\n- On a device you have signed in on before, sign in as usual: it is not affected.\n- On a new device, enter your password and we will email you a one-time sign-in link.\n- If you think someone knows your password, choose a new one with "Forgot password" on the sign-in page. Reset emails that you did not ask for can be ignored.\n\nWe send this email at most once a day.\n`,
    }),
  );
}
