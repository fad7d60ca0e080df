/**
 * The mails this server "sent" (no real mail leaves it): every mail is written here
 * (`writeMail`), and the dev mailbox page and its JSON twin read the newest 50, optionally for
 * one address.
 *
 * - A mail is stamped with the server's clock (lib/clock.ts), not the database's: "one mail per
 *   window" rules (`mailOncePer`) are measured in the time the rest of the app lives in.
 * - `mailOncePer` checks and writes under an advisory lock on (address, subject), so parallel
 *   requests cannot both find no recent mail and both send one.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { type Db, withTx } from '../../db/client';
import { mails } from '../../db/schema/identity';
import { now, nowMs } from '../../lib/clock';

export async function recentMails(db: Db, to?: string) {
  return db
    .select()
    .from(mails)
    .where(to ? eq(mails.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mails.id))
    .limit(50);
}

export async function writeMail(db: Db, mail: { to: string; subject: string; body: string }) {
  await db.insert(mails).values({ ...mail, created_at: now() });
}

const MAIL_LOCK = 15_003;

/**
 * Runs `send` (which writes the mail, and whatever goes with it, on `tx`) unless a mail with this
 * subject went to this address within the last `minutes`.
 */
export async function mailOncePer(
  db: Db,
  to: string,
  subject: string,
  minutes: number,
  send: (tx: Db) => Promise<void>,
) {
  await withTx(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAIL_LOCK}, hashtext(${`${to}|${subject}`}))`);
    const [recent] = await tx
      .select({ id: mails.id })
      .from(mails)
      .where(
        and(
          eq(mails.to, to),
          eq(mails.subject, subject),
          gt(mails.created_at, new Date(nowMs() - minutes * 60_000)),
        ),
      )
      .limit(1);
    if (!recent) await send(tx);
  });
}
