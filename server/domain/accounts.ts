/**
 * Linked accounts looked up for the dev helpers: the accounts (locations) of the user with an
 * email, so a test can make a lead arrive on one of them.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/identity';
import { accounts } from '../db/schema/shell';

/** The accounts of the user's organization; null when there is no such user. */
export async function accountsOfUser(db: Db, email: string) {
  const [user] = await db
    .select({ organization_id: users.organization_id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  if (!user) return null;
  return db.select().from(accounts).where(eq(accounts.organization_id, user.organization_id));
}
