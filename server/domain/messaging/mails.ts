/**
 * The mails this server "sent" (no real mail leaves it): the dev mailbox page and its JSON twin
 * read the newest 50, optionally for one address.
 */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mails } from '../../db/schema/identity';

export async function recentMails(db: Db, to?: string) {
  return db
    .select()
    .from(mails)
    .where(to ? eq(mails.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mails.id))
    .limit(50);
}
